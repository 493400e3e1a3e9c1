// After `next build` (and after scripts/inline-css.mjs): each prerendered page asks for
// the framework's JavaScript once its first frame is on screen, not while it is still
// being painted. The page is complete HTML with its stylesheet inside, so it paints as
// soon as it has been parsed; what the scripts add is interactivity (menu, accordion,
// dialogs, client-side navigation), and links and forms work before they arrive.
// Fetched together with the page's first paint, the scripts compete with it for the
// connection and the CPU, and Lighthouse's simulation counts every one that arrives before
// the first frame is presented as holding up the largest paint. Measured on / with
// Lighthouse, same builds, runs interleaved, medians (README, benchmarks), against the
// build before this step and inline-css.mjs (external stylesheet, scripts in <head>):
//   simulated (the bench, 7 runs):          LCP 2.32 -> 1.07 s, performance 98 -> 100
//   real throttling, slow 4G + 4x CPU (9):  LCP 1.63 -> 1.02 s, interactive 2.90 -> 2.57 s
//   real throttling, fast net + 4x CPU (9): LCP 515 -> 529 ms, interactive 818 -> 922 ms
// On a fast network the scripts now wait for the slow CPU's first frame (0.1-0.25 s of
// interactivity); on the slow network the site is built for, everything comes sooner.
//
// In each page, Next's start-up scripts
//   <link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>
//   <script src="/_next/static/chunks/b.js" async=""></script> …
// are replaced by one small inline loader that appends the same <script async> elements,
// in the same order, when the browser reports the page's first contentful paint
// (PerformanceObserver "paint"). Where paint timing is not supported it appends them at
// once, as before; after LOADER_FALLBACK_MS it appends them anyway (a page opened in a
// background tab does not paint until it is shown). The Content-Security-Policy allows the
// loader by its hash like every inline script (src/server/security/inline-hashes.ts);
// the scripts it adds are same-origin files ('self'). The nomodule polyfill is left as it
// is. Idempotent; run by `npm run build`.
//
//   node scripts/hydrate-after-paint.mjs [distDir]     default: $NEXT_DIST_DIR or .next
import { pathToFileURL } from 'node:url';
import { rewritePages } from './lib/prerendered-pages.mjs';

/** If no first paint has been reported by then (a hidden tab), the scripts are requested anyway. */
export const LOADER_FALLBACK_MS = 3000;

// A chunk URL, with the ?dpl= query Next adds when a deployment id is set.
const chunk = String.raw`(\/_next\/static\/chunks\/[^"?#]+\.js(?:\?[^"#]*)?)`;
const startupScript = new RegExp(String.raw`<script src="${chunk}" async=""><\/script>`, 'g');
const startupPreload = new RegExp(String.raw`<link rel="preload" as="script" fetchPriority="low" href="${chunk}"\/>`, 'g');

const LOADER_TAG = '<script data-after-paint="">';

/** The script URLs the page's loader appends, in order; none if the page has no loader. */
export function loaderScriptUrls(html) {
  const loader = html.match(/<script data-after-paint="">[^\n]*?\}\)\((\[[^\]]*\])\)<\/script>/);
  return loader ? JSON.parse(loader[1]) : [];
}

/** The inline loader for these script URLs (ES5: it must run wherever the page is opened). */
export function loaderScript(srcs) {
  const add = 'for(var i=0;i<s.length;i++){var e=document.createElement("script");e.src=s[i];e.async=true;document.head.appendChild(e)}';
  const onPaint =
    'if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;' +
    'new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})';
  const body = `(function(s){var done;function go(){if(done)return;done=1;${add}}try{${onPaint}}catch(e){go()}setTimeout(go,${LOADER_FALLBACK_MS})})(${JSON.stringify(srcs)})`;
  return `${LOADER_TAG}${body}</script>`;
}

/** The page with its start-up scripts requested after first paint; unchanged if it has none (or was done before). */
export function hydrateAfterPaint(html) {
  const srcs = [];
  for (const [, src] of html.matchAll(startupPreload)) if (!srcs.includes(src)) srcs.push(src);
  for (const [, src] of html.matchAll(startupScript)) if (!srcs.includes(src)) srcs.push(src);
  if (srcs.length === 0) return html;
  // A preloaded chunk is also run by a <script> further down; the loader runs each once, preloads first, as the browser would have.
  const firstTag = Math.min(...[startupPreload, startupScript].map((pattern) => html.search(pattern)).filter((index) => index >= 0));
  // Nothing before the first removed tag moves, so the loader takes that tag's place.
  const stripped = html.replace(startupPreload, '').replace(startupScript, '');
  return stripped.slice(0, firstTag) + loaderScript(srcs) + stripped.slice(firstTag);
}

export function hydrateAllAfterPaint(distDir) {
  return rewritePages(distDir, hydrateAfterPaint, LOADER_TAG);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = process.argv[2] || process.env.NEXT_DIST_DIR || '.next';
  const { pages, changed } = hydrateAllAfterPaint(distDir);
  console.log(`hydrate after paint: start-up scripts deferred to first paint in ${changed} of ${pages} prerendered pages in ${distDir}/server/app`);
}
