import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, startupChunks, withCompileHint } from '../../scripts/compile-hints.mjs';

describe('compile hints for start-up chunks (scripts/compile-hints.mjs)', () => {
  const page = [
    '<head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/preloaded.js"/>',
    '<script src="/_next/static/chunks/framework.js" async=""></script>',
    '<script src="/_next/static/chunks/page.js?dpl=1" async=""></script>',
    '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
    '<script>self.__next_f.push([1,"/_next/static/chunks/lazy.js"])</script></head>',
    '<body><script src="/_next/static/chunks/framework.js" async=""></script></body>',
  ].join('');

  it('picks every chunk a page loads with <script src>, once, but not nomodule polyfills or lazily loaded chunks', () => {
    expect(startupChunks([page, '<script src="/_next/static/chunks/other-page.js" async=""></script>'])).toEqual([
      'static/chunks/framework.js',
      'static/chunks/other-page.js',
      'static/chunks/page.js',
    ]);
  });

  it("puts V8's hint on the first line, once", () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    const hinted = withCompileHint('(globalThis.TURBOPACK||[]).push([])');
    expect(hinted).toBe('//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push([])');
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});
