import { chatConfig } from '@/config/chat';
import { isUuid } from '@/lib/uuid';

// The visit's chat session in sessionStorage, so a reload keeps the id (the webhook's memory of the
// conversation) and the messages; without storage both live for this page view only.

export type ChatMessage = { id: string; role: 'user' | 'assistant'; text: string; demo?: boolean };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A v4 UUID; crypto.randomUUID needs a secure context, so getRandomValues elsewhere. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memorySessionId: string | null = null;

export function sessionId(): string {
  const store = storage();
  try {
    const saved = store?.getItem(chatConfig.storageKeys.sessionId);
    if (saved && isUuid(saved)) return saved;
  } catch {
    // fall through to a new id
  }
  memorySessionId ??= newId();
  try {
    store?.setItem(chatConfig.storageKeys.sessionId, memorySessionId);
  } catch {
    // kept in memory only
  }
  return memorySessionId;
}

function isMessage(value: unknown): value is ChatMessage {
  if (value === null || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.id === 'string' &&
    (message.role === 'user' || message.role === 'assistant') &&
    typeof message.text === 'string'
  );
}

export function loadMessages(): ChatMessage[] {
  try {
    const raw = storage()?.getItem(chatConfig.storageKeys.messages);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter(isMessage).slice(-chatConfig.maxStoredMessages)
      : [];
  } catch {
    return [];
  }
}

export function saveMessages(messages: readonly ChatMessage[]): void {
  try {
    storage()?.setItem(
      chatConfig.storageKeys.messages,
      JSON.stringify(messages.slice(-chatConfig.maxStoredMessages)),
    );
  } catch {
    // a full or unavailable storage only costs the history on reload
  }
}
