import { chatConfig, type ChatBranding } from '@/config/chat';

// Every word the chat widget and its API show (docs/product.md section 8). The launcher's words
// travel as props, so its client code carries no copy; the lazy panel imports its own.

/** Branding (docs/product.md section 8.3): header, first message, response-time promise. */
export function chatBranding(brandName: string): ChatBranding {
  return {
    logo: '/icon.svg',
    name: `${brandName} Assistant`,
    welcomeText: `Hi! I'm the ${brandName} assistant. Ask me about AI voice agents, chatbots, appointment scheduling or pricing, and I'll point you in the right direction.`,
    responseTimeText: 'Typically replies in a few seconds',
  };
}

/** The launcher, the chat buttons and the loader's inline errors. */
export const chatLauncherCopy = {
  open: 'Open chat',
  close: 'Close chat',
  loading: 'Loading chat',
  /** The chatbot page's button (docs/product.md section 8.2); its idle label is the page's. */
  buttonLoading: 'Loading Chat...',
  buttonActive: 'Chat Active!',
  /** The panel's code could not be fetched. */
  loadFailed: 'Failed to load chat widget. Please check your internet connection and try again.',
  /** Anything else went wrong while loading it. */
  loadError: 'An error occurred while loading the chat widget. Please try again.',
  dismissError: 'Dismiss',
} as const;

export type ChatLauncherCopy = typeof chatLauncherCopy;

/** The panel (loaded on demand). */
export const chatPanelCopy = {
  close: 'Close chat',
  conversationLabel: 'Conversation',
  messageLabel: 'Your message',
  placeholder: 'Type your message...',
  hint: 'Enter to send, Shift+Enter for a new line.',
  send: 'Send',
  sending: 'Sending',
  typing: 'The assistant is typing',
  you: 'You',
  demoBadge: 'Demo assistant',
  opensInNewTab: '(opens in a new tab)',
  retry: 'Try again',
  errors: {
    /** Our own API could not be reached (offline, server down). */
    unreachable: 'We could not reach the chat service. Please check your connection and try again.',
    /** The webhook answered with an error (a 502), or a stream broke before any text. */
    upstream: 'The assistant could not answer just now. Please try again.',
    /** The workflow ran but said nothing (502 with detail empty_reply). */
    emptyReply:
      'The assistant had no answer to that. Please try asking another way, or contact us directly.',
    /** A streamed reply stopped coming before it was complete. */
    interrupted: 'The reply was cut off before it finished. Please try again.',
    rateLimited: 'You are sending messages quickly. Please wait a moment and try again.',
    /** The site's messages for this hour, from all visitors, are used up. */
    overBudget:
      'The assistant has answered all the messages it can this hour. Please try again later, or contact us directly.',
    tooLong: `Messages can be at most ${chatConfig.maxMessageChars} characters.`,
    invalid: 'That message could not be sent. Please reload the page and try again.',
  },
} as const;

/** What POST /api/chat answers with itself (the panel shows its own copy for each error code). */
export const chatApiCopy = {
  /** The reply when no webhook answers usably (docs/product.md section 8.4). */
  demoGreeting:
    "Hi! I'm the demo assistant: our live assistant isn't connected right now, so I can't answer questions here yet. To reach our team, send a message through our contact page or book a demo, and we'll reply within 24 hours.",
  upstream: 'The chat webhook did not answer as expected.',
  emptyReply: 'The chat workflow finished without a reply.',
} as const;
