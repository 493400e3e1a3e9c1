'use client';

import type { ReactNode } from 'react';
import { chatFallback } from '@/config/chat';

/** The window event the chat widget listens for (docs/product.md section 8.2). */
export const OPEN_CHAT_EVENT = 'open-chat-widget';

/**
 * Opens the chat with a cancelable window event; when no widget handles it (or JavaScript is off)
 * this stays a link to the contact page, which opens its chat on arrival, so the control is never
 * dead.
 */
export function OpenChatLink({
  className,
  children,
  fallbackHref = chatFallback.href,
}: {
  className?: string;
  children: ReactNode;
  fallbackHref?: string;
}) {
  return (
    <a
      href={fallbackHref}
      className={className}
      onClick={(event) => {
        const opened = !window.dispatchEvent(new Event(OPEN_CHAT_EVENT, { cancelable: true }));
        if (opened) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
