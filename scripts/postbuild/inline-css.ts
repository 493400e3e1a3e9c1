// Each prerendered page carries its stylesheet inside, so the first paint waits for no second round trip (on
// slow 4G that round trip is most of the wait; figures in bench/results/postbuild.md). Next's own
// experimental.inlineCss is not used: it writes the CSS three times into each page (bench/results/postbuild.md).
//
// Each <link rel="stylesheet" href="/_next/static/…css"> becomes
//   <style data-href="…">the file's text</style><link rel="stylesheet" href="…" type="text/plain">
// The style element renders the page; its relative url(…)s (the web font) are made absolute, as they would
// resolve from the file. The link stays for React: on hydration and client-side navigation React looks for
// link[rel=stylesheet][href=…] to learn that the sheet is present; without it React would insert the link again
// and hold the first commit until the file loaded. type="text/plain" makes it a type no browser supports, so it
// is never fetched (a disabled or media-mismatched link still is, by Chromium's preload scanner) and never
// blocks rendering. The stylesheet file stays, content-hashed: pages rendered on demand refer to it.

// A build stylesheet's link, not one already inlined (those carry a type).
const stylesheetLink =
  /<link\b(?=[^>]*\brel="stylesheet")(?![^>]*\btype=)[^>]*\bhref="(\/_next\/static\/[^"?#]+\.css)"[^>]*>/g;

/** The stylesheet's relative url(…) references resolved against its own path, as the browser resolves them from the file. */
export function absoluteUrls(css: string, href: string): string {
  return css.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, quote: string, ref: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole;
    return `url(${quote}${new URL(ref, `http://origin${href}`).pathname}${quote})`;
  });
}

/** The page with every build stylesheet inlined; `readCss(href)` returns the file's text. */
export function inlineStylesheets(html: string, readCss: (href: string) => string): string {
  return html.replace(stylesheetLink, (link, href: string) => {
    const css = absoluteUrls(readCss(href), href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
    return `<style data-href="${href}">${css}</style>${link.replace(/\s*\/?>$/, ' type="text/plain"/>')}`;
  });
}
