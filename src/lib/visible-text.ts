/**
 * Characters a visitor can send that change how text around them is shown without being seen: C0 and C1
 * controls (but tab and line breaks), zero-width and directional marks, the bidirectional embeddings,
 * overrides and isolates, line and paragraph separators and the byte-order mark. 'ceo@victim.\u202Emoc'
 * displays as 'ceo@victim.com'.
 */
const HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;

/** Whether the text holds any of those characters. */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text);
}

/** The text without those characters, each replaced by `replacement`. */
export function withoutHidden(text: string, replacement = ''): string {
  return text.replace(HIDDEN, replacement);
}

/** The text with each of those characters written out as \uXXXX, so what is shown is what is stored. */
export function showHidden(text: string): string {
  return text.replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The reverse for what an operator types: '\u202e' back to the character, so a shown value can be searched. */
export function readHidden(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (written, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return hasHiddenCharacters(char) ? char : written;
  });
}
