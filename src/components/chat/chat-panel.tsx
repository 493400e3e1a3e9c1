'use client';

import Image from 'next/image';
import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { chatConfig, type ChatBranding, type ChatPosition } from '@/config/chat';
import { chatPanelCopy as copy } from '@/content/chat';
import { focusables } from '@/components/ui/focusables';
import { loadMessages, newId, saveMessages, sessionId, type ChatMessage } from './chat-session';
import { linkify } from './linkify';
import { readReplyStream, STREAM_TYPE } from './reply-stream';

/**
 * The chat panel (docs/product.md section 8.3), fetched when a visitor first asks for the chat.
 * Nothing the webhook sends is parsed as HTML; the log is aria-busy while a reply streams in, so a
 * screen reader reads it once, whole.
 */

export type ChatPanelProps = {
  open: boolean;
  branding: ChatBranding;
  position: ChatPosition;
  onClose: (restoreFocus: boolean) => void;
  /** Opens the panel if it is still waiting for its automatic open (see chat-store.ts). */
  onAutoOpen: () => void;
};

type SendError = { message: string; retry: string | null };

const { style } = chatConfig;

function MessageText({ text, inverse }: { text: string; inverse: boolean }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.type === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`wrap-anywhere font-semibold underline underline-offset-2 ${inverse ? 'text-white' : ''}`}
            style={inverse ? undefined : { color: style.secondaryColor }}
          >
            {part.text}
            <span className="sr-only"> {copy.opensInNewTab}</span>
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

function Bubble({ message }: { message: Pick<ChatMessage, 'role' | 'text' | 'demo'> }) {
  const mine = message.role === 'user';
  return (
    <li
      className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}
      data-chat-message={message.role}
    >
      {mine ? (
        <span className="sr-only">{copy.you}: </span>
      ) : (
        message.demo && (
          <span className="mb-1 text-xs font-semibold text-ink-600">{copy.demoBadge}</span>
        )
      )}
      <p
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-[0.9375rem] leading-relaxed ${mine ? 'rounded-br-md text-white' : 'rounded-bl-md bg-brand-50'}`}
        style={mine ? { backgroundColor: style.secondaryColor } : { color: style.fontColor }}
      >
        <MessageText text={message.text} inverse={mine} />
      </p>
    </li>
  );
}

/** The API's error code (docs/api.md) as words; a retry only for a message worth sending again. */
function errorFor(body: unknown, text: string): SendError {
  const { error, fieldErrors, detail } = (body ?? {}) as {
    error?: unknown;
    fieldErrors?: { chatInput?: unknown };
    detail?: unknown;
  };
  if (error === 'upstream' && detail === 'empty_reply')
    return { message: copy.errors.emptyReply, retry: text };
  if (error === 'rate_limited') return { message: copy.errors.rateLimited, retry: text };
  if (error === 'over_budget') return { message: copy.errors.overBudget, retry: text };
  if (error === 'validation')
    return {
      message: fieldErrors?.chatInput === 'too_long' ? copy.errors.tooLong : copy.errors.invalid,
      retry: null,
    };
  return { message: copy.errors.upstream, retry: text };
}

/**
 * Below Tailwind's sm breakpoint the panel covers the whole page, so it is modal there: Tab goes
 * round its own controls, and aria-modal keeps a screen reader off the page hidden under it.
 * Beside the page (wider) both leave it as usual.
 */
const COVERS_PAGE = '(max-width: 39.99rem)';
const coversPage = () => window.matchMedia(COVERS_PAGE).matches;
function onCoverChange(notify: () => void): () => void {
  const query = window.matchMedia(COVERS_PAGE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (!coversPage()) return;
  const controls = focusables(event.currentTarget);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement === edge) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

export function ChatPanel({ open, branding, position, onClose, onAutoOpen }: ChatPanelProps) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const [messages, setMessages] = useState<ChatMessage[]>(loadMessages);
  const [draft, setDraft] = useState('');
  const modal = useSyncExternalStore(onCoverChange, coversPage, () => false);
  const [sending, setSending] = useState(false);
  /** The reply being streamed into its bubble (the typing dots give way to its text). */
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<SendError | null>(null);

  // Attempts to open, never toggles, so the panel ends up open once (docs/product.md section 8.2).
  useEffect(() => {
    const timers = chatConfig.autoOpenDelaysMs.map((delay) => setTimeout(onAutoOpen, delay));
    return () => timers.forEach(clearTimeout);
  }, [onAutoOpen]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => saveMessages(messages), [messages]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, sending, error, open]);

  /** Shows a streamed reply as it arrives, in one bubble; what arrived stays if it stops early. */
  async function showStream(body: ReadableStream<Uint8Array>, text: string) {
    const id = newId();
    const outcome = await readReplyStream(body, (reply) => {
      setStreaming(true);
      // The updater runs at render time: whether the bubble exists yet is decided there, not here.
      setMessages((current) =>
        current.some((message) => message.id === id)
          ? current.map((message) => (message.id === id ? { ...message, text: reply } : message))
          : [...current, { id, role: 'assistant', text: reply }],
      );
    });
    if (outcome.error)
      setError({
        message: outcome.text ? copy.errors.interrupted : copy.errors.upstream,
        retry: text,
      });
  }

  async function send(text: string) {
    setSending(true);
    setError(null);
    try {
      const response = await fetch(chatConfig.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: `${STREAM_TYPE}, application/json` },
        body: JSON.stringify({
          sessionId: sessionId(),
          chatInput: text,
          metadata: { page: window.location.pathname },
        }),
      });
      if (
        response.ok &&
        response.body &&
        (response.headers.get('content-type') ?? '').startsWith(STREAM_TYPE)
      ) {
        await showStream(response.body, text);
        return;
      }
      const body: unknown = await response.json().catch(() => null);
      const reply = body as { output?: unknown; demo?: unknown } | null;
      if (response.ok && typeof reply?.output === 'string') {
        const output = reply.output;
        setMessages((current) => [
          ...current,
          {
            id: newId(),
            role: 'assistant',
            text: output,
            ...(reply.demo === true ? { demo: true } : {}),
          },
        ]);
      } else {
        setError(errorFor(body, text));
      }
    } catch {
      setError({ message: copy.errors.unreachable, retry: text });
    } finally {
      setSending(false);
      setStreaming(false);
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setMessages((current) => [...current, { id: newId(), role: 'user', text }]);
    setDraft('');
    void send(text);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const side = position === 'left' ? 'sm:left-4' : 'sm:right-4';
  return (
    <section
      role="dialog"
      aria-modal={modal || undefined}
      aria-labelledby={titleId}
      data-chat-panel=""
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose(true);
        } else if (event.key === 'Tab') keepTabInside(event);
      }}
      style={{ backgroundColor: style.backgroundColor, color: style.fontColor }}
      className={`fixed inset-0 z-[60] flex flex-col overflow-hidden transition-[opacity,translate] duration-200 starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none sm:inset-auto sm:bottom-22 sm:h-[min(36rem,calc(100dvh-7rem))] sm:w-96 sm:rounded-2xl sm:border sm:border-ink-200 sm:shadow-2xl ${side}`}
    >
      <div
        className="flex items-center gap-3 px-4 py-3 text-white"
        style={{ backgroundColor: style.secondaryColor }}
      >
        <Image
          src={branding.logo}
          alt=""
          width={32}
          height={32}
          unoptimized
          className="size-8 shrink-0 rounded-full bg-white p-1"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-bold">
            {branding.name}
          </h2>
          <p className="text-sm">{branding.responseTimeText}</p>
        </div>
        <button
          type="button"
          aria-label={copy.close}
          onClick={() => onClose(true)}
          className="grid size-10 shrink-0 cursor-pointer place-items-center rounded-full hover:bg-white/15 focus-visible:outline-white"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-busy={streaming}
        aria-label={copy.conversationLabel}
        className="flex-1 overflow-y-auto overscroll-contain p-4"
      >
        <ol className="space-y-3">
          <Bubble message={{ role: 'assistant', text: branding.welcomeText }} />
          {messages.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
        </ol>
      </div>

      {sending && !streaming && (
        <p role="status" className="flex items-center gap-1 px-5 pb-2" data-chat-typing="">
          <span className="sr-only">{copy.typing}</span>
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              aria-hidden="true"
              className="size-2 rounded-full bg-ink-300 motion-safe:animate-bounce"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </p>
      )}

      {error && (
        <div
          role="alert"
          className="mx-4 mb-2 flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="flex-1">{error.message}</p>
          {error.retry !== null && (
            <button
              type="button"
              onClick={() => void send(error.retry!)}
              className="shrink-0 cursor-pointer rounded-full px-3 py-1 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-100"
            >
              {copy.retry}
            </button>
          )}
        </div>
      )}

      <form onSubmit={submit} className="flex items-end gap-2 border-t border-ink-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          {copy.messageLabel}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onInputKeyDown}
          maxLength={chatConfig.maxMessageChars}
          placeholder={copy.placeholder}
          aria-describedby={hintId}
          enterKeyHint="send"
          style={{ height: chatConfig.inputHeightPx }}
          className="min-w-0 flex-1 resize-none rounded-xl border border-ink-500 px-3 py-2 text-base leading-snug text-ink-900 placeholder:text-ink-600"
        />
        <p id={hintId} className="sr-only">
          {copy.hint}
        </p>
        <button
          type="submit"
          disabled={sending}
          style={{ backgroundColor: style.secondaryColor, height: chatConfig.inputHeightPx }}
          className="shrink-0 cursor-pointer rounded-xl px-4 font-semibold text-white disabled:cursor-wait disabled:opacity-70"
        >
          {sending ? copy.sending : copy.send}
        </button>
      </form>
    </section>
  );
}
