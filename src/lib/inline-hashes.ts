// The hashes a page's Content-Security-Policy lists: every inline script the browser runs and every
// inline style element. Pages are static, so they are known at build; anything injected is refused.
import { createHash } from 'node:crypto';

// Script elements the browser executes: no type, or a JavaScript type. JSON-LD never runs.
export const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const executableType = /^(|module|text\/javascript|application\/javascript)$/i;
const styleTag = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/** SHA-256 hash source of an element's exact text, as CSP compares it. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(scriptTag)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!executableType.test(type)) continue;
    hashes.add(hashSource(body));
  }
  return [...hashes];
}

/** Style elements are raw text: the browser hashes exactly the characters between the tags. */
export function inlineStyleHashes(html: string): string[] {
  // Scripts may hold "<style" in their strings (the RSC payload): look only outside them.
  const outsideScripts = html.replace(scriptTag, '');
  return [
    ...new Set([...outsideScripts.matchAll(styleTag)].map(([, body = '']) => hashSource(body))),
  ];
}
