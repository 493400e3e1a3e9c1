'use client';

import { useId, useSyncExternalStore } from 'react';
import { chatFallback } from '@/config/chat';
import type { ChatLauncherCopy } from '@/content/chat';
import { chatStore } from './chat-store';

/**
 * The chatbot page's 'See It in Action' with its states (docs/product.md section 8.2) and the load
 * error under it; a link to the contact page's chat before hydration and without JavaScript.
 */
export function ChatButton({
  label,
  className,
  copy,
}: {
  label: string;
  className: string;
  copy: Pick<ChatLauncherCopy, 'buttonLoading' | 'buttonActive' | 'loadFailed' | 'loadError'>;
}) {
  const id = useId();
  const chat = useSyncExternalStore(chatStore.subscribe, chatStore.get, chatStore.server);
  const current = chat.open
    ? copy.buttonActive
    : chat.status === 'loading' || chat.opening
      ? copy.buttonLoading
      : label;
  const error = chat.errorSource === id ? chat.error : null;
  // All three labels share one grid cell (the hidden ones not in the name), so the control is as
  // wide as the longest in every state and never shifts the row. The shown label comes last in the
  // markup: a page painted mid-parse would otherwise re-centre it as the others arrived.
  const texts = [label, copy.buttonLoading, copy.buttonActive];
  const labels = (
    <span className="grid">
      {[...texts.filter((text) => text !== current), current].map((text) => (
        <span
          key={text}
          className={`col-start-1 row-start-1 ${text === current ? '' : 'invisible'}`}
          aria-hidden={text !== current}
        >
          {text}
        </span>
      ))}
    </span>
  );
  return (
    <span className="flex flex-col gap-2">
      {chat.hydrated ? (
        <button
          type="button"
          className={`${className} cursor-pointer`}
          disabled={chat.open}
          onClick={() => chatStore.request(id)}
        >
          {labels}
        </button>
      ) : (
        <a href={chatFallback.href} className={className}>
          {labels}
        </a>
      )}
      {error && (
        <p
          role="alert"
          className="max-w-xs self-center rounded-lg bg-white px-3 py-2 text-sm font-medium text-red-700 shadow-sm"
        >
          {error === 'network' ? copy.loadFailed : copy.loadError}
        </p>
      )}
    </span>
  );
}
