// The chat widget's settings (docs/product.md section 8). No environment values, so the lazily
// loaded panel can import them; the launcher gets its colour and position as props.

export type ChatPosition = 'right' | 'left';

export const chatConfig = {
  /** n8n chat protocol: the route every message is sent with. */
  webhookRoute: 'general',
  /** Where the launcher and the panel sit. */
  position: 'right' as ChatPosition,
  style: {
    /** Launcher surface: an icon, no text, so 4.6:1 on white is enough (3:1 for non-text). */
    primaryColor: '#854fff',
    /**
     * Every surface that carries text (header, the visitor's bubbles, the send button).
     * White on the primary #854fff is 4.61:1, a hair over AA; #6b3fd4 gives 6.39:1.
     */
    secondaryColor: '#6b3fd4',
    backgroundColor: '#ffffff',
    fontColor: '#333333',
  },
  /** The message box's height (docs/product.md section 8.3). */
  inputHeightPx: 60,
  /**
   * Attempts to open after loading (docs/product.md section 8.2), not toggles: the first opens the
   * panel and the rest do nothing, so a visitor who closes it keeps it closed.
   */
  autoOpenDelaysMs: [500, 1000, 1500],
  /** Longest message a visitor can send (the server enforces the same limit). */
  maxMessageChars: 2000,
  /** Messages kept for the visit (sessionStorage); older ones are dropped. */
  maxStoredMessages: 60,
  storageKeys: { sessionId: 'chat_session_id', messages: 'chat_messages' },
  /** The site's own proxy: the browser never talks to the webhook itself. */
  endpoint: '/api/chat',
} as const;

const fragment = '#chat';

/**
 * Where a chat control leads when no chat on its page answers (JavaScript off or not yet run):
 * the contact page, which opens its chat on arrival at this fragment. An export of its own, so
 * the launcher's code every visitor downloads carries these two strings, not chatConfig.
 */
export const chatFallback = { href: `/contact-us${fragment}`, fragment } as const;

/** Branding shown in the panel header and first message (docs/product.md section 8.3). */
export type ChatBranding = {
  logo: string;
  name: string;
  welcomeText: string;
  responseTimeText: string;
};
