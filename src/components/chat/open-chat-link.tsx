'use client';

import type { ReactNode } from 'react';

/** The window event the chat widget listens for (SPEC section 2, /contact-us and the chatbot page). */
export const OPEN_CHAT_EVENT = 'open-chat-widget';

/**
 * Opens the chat widget by dispatching the 'open-chat-widget' window event. The
 * widget calls preventDefault() on the event when it handles it; when no widget
 * is on the page (or JavaScript is off) this stays an ordinary link to the
 * contact page, so the control is never dead.
 */
export function OpenChatLink({
  className,
  children,
  fallbackHref = '/contact-us',
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
