'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { chatFallback, type ChatBranding, type ChatPosition } from '@/config/chat';
import type { ChatLauncherCopy } from '@/content/chat';
import { chatStore } from './chat-store';
import { OPEN_CHAT_EVENT } from './open-chat-link';

export type ChatWidgetProps = {
  /** false on /contact-us: no button of its own, opened from the page's Live Chat item. */
  launcher: boolean;
  branding: ChatBranding;
  copy: Pick<
    ChatLauncherCopy,
    'open' | 'close' | 'loading' | 'loadFailed' | 'loadError' | 'dismissError'
  >;
  primaryColor: string;
  position: ChatPosition;
};

/**
 * The always-present part of the chat: answers the 'open-chat-widget' event, draws the launcher
 * once hydrated (fixed, so it shifts nothing) and hosts the panel once fetched.
 */
export function ChatWidget({ launcher, branding, copy, primaryColor, position }: ChatWidgetProps) {
  const chat = useSyncExternalStore(chatStore.subscribe, chatStore.get, chatStore.server);

  useEffect(() => {
    const onOpen = (event: Event) => {
      event.preventDefault();
      chatStore.request();
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    // Sent here to chat (a chat control pressed before its page's scripts ran, or on a page
    // without the chat): open it, and drop the fragment so a reload does not open it again.
    if (window.location.hash === chatFallback.fragment) {
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      chatStore.request();
    }
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, []);

  const side = position === 'left' ? 'left-4' : 'right-4';
  const { Panel } = chat;
  return (
    <>
      {Panel && (
        <Panel
          open={chat.open}
          branding={branding}
          position={position}
          onClose={chatStore.close}
          onAutoOpen={chatStore.autoOpen}
        />
      )}
      {chat.error && !chat.errorSource && (
        <div
          role="alert"
          className={`fixed bottom-22 z-50 flex max-w-[calc(100vw-2rem)] items-start gap-2 rounded-xl border border-red-200 bg-white p-3 text-sm text-red-800 shadow-lg sm:max-w-xs ${side}`}
        >
          <p>{chat.error === 'network' ? copy.loadFailed : copy.loadError}</p>
          <button
            type="button"
            onClick={chatStore.dismissError}
            className="shrink-0 cursor-pointer font-semibold underline"
          >
            {copy.dismissError}
          </button>
        </div>
      )}
      {launcher && chat.hydrated && (
        <button
          type="button"
          data-chat-launcher=""
          aria-label={
            chat.open
              ? copy.close
              : chat.status === 'loading' || chat.opening
                ? copy.loading
                : copy.open
          }
          aria-expanded={chat.open}
          onClick={() => (chat.open ? chatStore.close(false) : chatStore.request())}
          style={{ backgroundColor: primaryColor }}
          className={`fixed bottom-4 z-50 grid size-14 cursor-pointer place-items-center rounded-full text-white shadow-lg ${side}`}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={chat.open ? 'M18 6 6 18M6 6l12 12' : 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z'} />
          </svg>
        </button>
      )}
    </>
  );
}
