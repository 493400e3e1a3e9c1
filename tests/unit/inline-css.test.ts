import { describe, expect, it } from 'vitest';
import { absoluteUrls, inlineStylesheets } from '../../scripts/inline-css.mjs';

describe('inlining the build stylesheet (scripts/inline-css.mjs)', () => {
  const files: Record<string, string> = {
    '/_next/static/chunks/site.css': '@font-face{src:url(../media/inter.woff2)}body{color:#111}',
  };
  const readCss = (href: string) => {
    const css = files[href];
    if (css === undefined) throw new Error(`unexpected read of ${href}`);
    return css;
  };
  const page = '<head><link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/></head><body>Hi</body>';

  it('puts the stylesheet in a style element, its font url made absolute, and keeps a link React can find but browsers never fetch', () => {
    expect(inlineStylesheets(page, readCss)).toBe(
      '<head><style data-href="/_next/static/chunks/site.css">@font-face{src:url(/_next/static/media/inter.woff2)}body{color:#111}</style>' +
        '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next" type="text/plain"/></head><body>Hi</body>',
    );
  });

  it('is idempotent: an inlined page is left as it is', () => {
    const once = inlineStylesheets(page, readCss);
    expect(inlineStylesheets(once, readCss)).toBe(once);
  });

  it('leaves stylesheets from elsewhere alone', () => {
    const other = '<link rel="stylesheet" href="https://cdn.example.test/x.css"/>';
    expect(inlineStylesheets(other, readCss)).toBe(other);
  });

  it('resolves relative urls as the browser would from the file, and keeps absolute, data and fragment urls', () => {
    const href = '/_next/static/chunks/site.css';
    expect(absoluteUrls('a{b:url("../media/a.woff2")}c{d:url(\'x.png\')}', href)).toBe(
      'a{b:url("/_next/static/media/a.woff2")}c{d:url(\'/_next/static/chunks/x.png\')}',
    );
    const kept = 'a{b:url(/img/a.png)}c{d:url(data:image/png;base64,AA==)}e{f:url(#g)}h{i:url(https://x.test/a.png)}';
    expect(absoluteUrls(kept, href)).toBe(kept);
  });

  it('refuses a stylesheet that would close the style element early', () => {
    expect(() => inlineStylesheets(page, () => 'a::after{content:"</style>"}')).toThrow(/cannot be inlined/);
  });
});
