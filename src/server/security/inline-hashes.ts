import 'server-only';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashSource } from './csp';

/**
 * The hashes of every inline script and style element in each prerendered page
 * of this build.
 *
 * Every page of the site is static: `next build` writes its HTML to
 * {distDir}/server/app/{route}.html and `next start` serves exactly that file.
 * So the inline scripts a visitor's browser will run (Next.js's hydration
 * data, the Turbopack runtime bootstrap, our pre-paint script, the loader of
 * scripts/hydrate-after-paint.mjs) and the inline stylesheet
 * (scripts/inline-css.mjs) are known once the build is done, and a policy
 * listing their SHA-256 lets them apply while anything injected is refused.
 * Read once, on the first request.
 */

// Script elements the browser executes: no type, or a JavaScript type. JSON-LD and other data blocks never run.
const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const executableType = /^(|module|text\/javascript|application\/javascript)$/i;
const styleTag = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

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
  return [...new Set([...outsideScripts.matchAll(styleTag)].map(([, body = '']) => hashSource(body)))];
}

export type InlineHashes = { scripts: string[]; styles: string[] };
export type PageHashes = { pages: Map<string, InlineHashes>; notFound: InlineHashes };

/** `/` -> index.html, `/ai-chatbot` -> ai-chatbot.html; the special `_…` pages are kept by name. */
export function readPageHashes(distDir: string): PageHashes {
  const root = path.join(distDir, 'server', 'app');
  const pages = new Map<string, InlineHashes>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  for (const file of files) {
    const route = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    const html = readFileSync(path.join(root, file), 'utf8');
    pages.set(route === '/index' ? '/' : route, { scripts: inlineScriptHashes(html), styles: inlineStyleHashes(html) });
  }
  return { pages, notFound: pages.get('/_not-found') ?? { scripts: [], styles: [] } };
}

let loaded: PageHashes | null = null;

/** The page hashes of the build in `distDir`, read on first use and kept. */
export function pageHashes(distDir: string): PageHashes {
  loaded ??= readPageHashes(distDir);
  return loaded;
}
