// After `next build`: puts each prerendered page's stylesheet inside the page, so the
// first paint does not wait for a second round trip. On a slow connection that round
// trip is most of the wait. Measured on / with Lighthouse's real throttling (slow 4G,
// 4x slower CPU, 5 runs each, same build): first and largest contentful paint
// 1.65 -> 1.04 s, time to interactive 2.92 -> 2.32 s; on a fast network with the same
// slow CPU no change beyond noise. Alone it lowered Lighthouse's simulated score (the page
// was laid out before and after the web font arrived, both counted); with the scripts
// requested after first paint (scripts/hydrate-after-paint.mjs, run next) every route
// scores 99-100. The README's benchmarks have the figures.
//
// Each <link rel="stylesheet" href="/_next/static/…css"> in a page's HTML becomes
//   <style data-href="…">the file's text</style><link rel="stylesheet" href="…" type="text/plain">
// The style element renders the page; its relative url(…)s (the web font) are made
// absolute, as they would resolve from the file. The link stays for React: on
// hydration and on client-side navigation React looks for link[rel=stylesheet][href=…]
// to learn that the stylesheet is already in the document; without it React would
// insert the link again and hold the page's first commit until the file had loaded.
// type="text/plain" makes it a stylesheet of a type browsers do not support, so it is
// never fetched (a disabled or media-mismatched link is still fetched by Chromium's
// preload scanner) and never blocks rendering.
//
// Next's own experimental.inlineCss was measured too and not used: it writes the CSS
// three times into each page (the style element and twice in the RSC payload), which
// more than doubled the HTML (20 -> 45 KB gzipped) and lowered Lighthouse performance.
// The stylesheet file stays, content-hashed and cacheable: pages rendered on demand
// refer to it. The Content-Security-Policy allows each page's inline style by its
// hash (src/server/security/inline-hashes.ts). Idempotent; run by `npm run build`.
//
//   node scripts/inline-css.mjs [distDir]     default: $NEXT_DIST_DIR or .next
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rewritePages } from './lib/prerendered-pages.mjs';

// A build stylesheet's link, not one already inlined (those carry a type).
const stylesheetLink = /<link\b(?=[^>]*\brel="stylesheet")(?![^>]*\btype=)[^>]*\bhref="(\/_next\/static\/[^"?#]+\.css)"[^>]*>/g;

/** The stylesheet's relative url(…) references resolved against its own path, as the browser resolves them from the file. */
export function absoluteUrls(css, href) {
  return css.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, quote, ref) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole;
    return `url(${quote}${new URL(ref, `http://origin${href}`).pathname}${quote})`;
  });
}

/** The page with every build stylesheet inlined; `readCss(href)` returns the file's text. */
export function inlineStylesheets(html, readCss) {
  return html.replace(stylesheetLink, (link, href) => {
    const css = absoluteUrls(readCss(href), href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
    return `<style data-href="${href}">${css}</style>${link.replace(/\s*\/?>$/, ' type="text/plain"/>')}`;
  });
}

export function inlineCss(distDir) {
  const sheets = new Map();
  const readCss = (href) => {
    if (!sheets.has(href)) sheets.set(href, readFileSync(path.join(distDir, href.slice('/_next/'.length)), 'utf8'));
    return sheets.get(href);
  };
  const { pages, changed } = rewritePages(distDir, (html) => inlineStylesheets(html, readCss), '<style data-href="/_next/static/');
  return { pages, inlined: changed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? '.next';
  const { pages, inlined } = inlineCss(distDir);
  console.log(`inline css: stylesheets inlined in ${inlined} of ${pages} prerendered pages in ${distDir}/server/app`);
}
