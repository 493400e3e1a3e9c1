// The framework's scripts are requested after the first contentful paint, so they do not compete
// with it for the connection and the CPU; the page is complete HTML and links and forms work
// without them. The trade: on a fast network interactivity waits for a slow CPU's first frame.
// Figures in bench/results/postbuild.md.
//
// Next's start-up <script async> and preload tags become one inline loader that appends the same
// scripts in the same order on the paint entry, at once without paint timing, and after
// LOADER_FALLBACK_MS anyway (a background tab does not paint). The nomodule polyfill stays.

/** If no first paint has been reported by then (a hidden tab), the scripts are requested anyway. */
export const LOADER_FALLBACK_MS = 3000;

// A chunk URL, with the ?dpl= query Next adds when a deployment id is set.
const chunk = String.raw`(\/_next\/static\/chunks\/[^"?#]+\.js(?:\?[^"#]*)?)`;
const startupScript = new RegExp(String.raw`<script src="${chunk}" async=""><\/script>`, 'g');
const startupPreload = new RegExp(
  String.raw`<link rel="preload" as="script" fetchPriority="low" href="${chunk}"\/>`,
  'g',
);

const LOADER_TAG = '<script data-after-paint="">';
const loaderPattern = /<script data-after-paint="">[^\n]*?\}\)\((\[[^\]]*\])\)<\/script>/g;

/** The script URLs each of the page's loaders appends, in order; none if the page has no loader. */
export function loaderScriptUrls(html: string): string[][] {
  return [...html.matchAll(loaderPattern)].map(([, srcs = '[]']) => JSON.parse(srcs) as string[]);
}

/** The inline loader for these script URLs (ES5: it must run wherever the page is opened). */
function loaderScript(srcs: string[]): string {
  const add =
    'for(var i=0;i<s.length;i++){var e=document.createElement("script");e.src=s[i];e.async=true;document.head.appendChild(e)}';
  const onPaint =
    'if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;' +
    'new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})';
  const body = `(function(s){var done;function go(){if(done)return;done=1;${add}}try{${onPaint}}catch(e){go()}setTimeout(go,${LOADER_FALLBACK_MS})})(${JSON.stringify(srcs)})`;
  return `${LOADER_TAG}${body}</script>`;
}

/** The page with its start-up scripts requested after first paint; unchanged if it has none. */
export function hydrateAfterPaint(html: string): string {
  const srcs: string[] = [];
  for (const [, src = ''] of html.matchAll(startupPreload)) if (!srcs.includes(src)) srcs.push(src);
  for (const [, src = ''] of html.matchAll(startupScript)) if (!srcs.includes(src)) srcs.push(src);
  if (srcs.length === 0) return html;
  // A preloaded chunk is also run by a <script> further down; the loader runs each once, preloads
  // first, as the browser would.
  const firstTag = Math.min(
    ...[startupPreload, startupScript]
      .map((pattern) => html.search(pattern))
      .filter((index) => index >= 0),
  );
  // Nothing before the first removed tag moves, so the loader takes that tag's place.
  const stripped = html.replace(startupPreload, '').replace(startupScript, '');
  return stripped.slice(0, firstTag) + loaderScript(srcs) + stripped.slice(firstTag);
}
