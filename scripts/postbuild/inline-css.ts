// Each page carries its stylesheet inside, so the first paint waits for no second round trip (most
// of the wait on slow 4G). Next's experimental.inlineCss writes the CSS three times into each page.
// Figures in bench/results/postbuild.md.
//
// The <link> stays for React, which looks for it on hydration and would otherwise insert it again
// and hold the first commit until the file loaded. type="text/plain" keeps it from being fetched:
// a disabled or media-mismatched link still is, by Chromium's preload scanner. The file stays for
// pages rendered on demand.

// A build stylesheet's link, not one already inlined (those carry a type).
const stylesheetLink =
  /<link\b(?=[^>]*\brel="stylesheet")(?![^>]*\btype=)[^>]*\bhref="(\/_next\/static\/[^"?#]+\.css)"[^>]*>/g;

/** The stylesheet's relative url(…)s resolved against its own path, as the browser would. */
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
