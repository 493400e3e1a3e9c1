// Splits a chat message into text and links, so nothing from the webhook is parsed as HTML. Only
// absolute http(s) URLs become links; a closing bracket belongs to one only if it opened one.

export type MessagePart =
  { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"\u2019\u201d*_~]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last === undefined) return url;
    if (TRAILING.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener !== undefined) {
      const opened = url.split(opener).length - 1;
      const closed = url.split(last).length - 1;
      if (closed > opened) {
        url = url.slice(0, -1);
        continue;
      }
    }
    return url;
  }
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function linkify(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous?.type === 'text') previous.text += text;
    else parts.push({ type: 'text', text });
  };
  let index = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const start = match.index;
    const text = trimTrailing(match[0]);
    const href = safeHref(text);
    pushText(message.slice(index, start));
    if (href) {
      parts.push({ type: 'link', text, href });
      index = start + text.length;
    } else {
      index = start;
    }
  }
  pushText(message.slice(index));
  return parts;
}
