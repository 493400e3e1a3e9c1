/**
 * The chat widget's configuration (SPEC sections 3 and 9). Safe on both sides:
 * no environment values here (the webhook URL is server-only, see src/env.ts),
 * so the lazily loaded panel can import it without pulling the env into the
 * browser bundle. The launcher imports nothing from here: the colour and position
 * it needs come as props from the server page, which keeps it tiny.
 */

export type ChatPosition = 'right' | 'left';

export const chatConfig = {
  /** n8n chat protocol: the route every message is sent with. */
  webhookRoute: 'general',
  /** Where the launcher and the panel sit. */
  position: 'right' as ChatPosition,
  style: {
    /** Launcher surface (an icon, no text: 4.6:1 on white, 3:1 is enough for a non-text control). */
    primaryColor: '#854fff',
    /**
     * Every surface that carries text (header, the visitor's bubbles, the send button).
     * White on the primary #854fff is 4.61:1, a hair over AA; #6b3fd4 gives 6.39:1.
     */
    secondaryColor: '#6b3fd4',
    backgroundColor: '#ffffff',
    fontColor: '#333333',
  },
  /** The message box is 60 px high (SPEC section 9). */
  inputHeightPx: 60,
  /**
   * SPEC: once the widget has loaded it is opened after 500 ms and 1000 ms, and its
   * toggle clicked after about 1.5 s. Here these are attempts to open, not toggles:
   * the first opens the panel and the rest do nothing, so it ends up open exactly
   * once and is never toggled shut again (a visitor who closes it keeps it closed).
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

/** Branding shown in the panel header and first message (SPEC section 3). */
export type ChatBranding = {
  logo: string;
  name: string;
  welcomeText: string;
  responseTimeText: string;
};
