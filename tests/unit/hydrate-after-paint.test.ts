import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOADER_FALLBACK_MS, hydrateAfterPaint } from '../../scripts/hydrate-after-paint.mjs';
import { startupChunks } from '../../scripts/compile-hints.mjs';

const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<style data-href="/_next/static/chunks/a.css">.a{}</style>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js"/>',
  '<script src="/_next/static/chunks/framework.js" async=""></script>',
  '<script src="/_next/static/chunks/page.js?dpl=d1" async=""></script>',
  '<title>T</title></head><body><main>Hi</main>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script src="/_next/static/chunks/runtime.js" async=""></script>',
  '</body></html>',
].join('');

const loaderBody = (html: string) => /<script data-after-paint="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

/** Runs the loader in a fake browser; returns the scripts it appended so far and the hooks that drive it. */
function runLoader(html: string, { paintTiming = true } = {}) {
  const appended: string[] = [];
  const timers: Array<{ ms: number; fn: () => void }> = [];
  let observer: { callback: (list: unknown, obs: unknown) => void; options: unknown; disconnected: boolean } | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(callback: (list: unknown, obs: unknown) => void) {
      observer = { callback, options: undefined, disconnected: false };
    }
    observe(options: unknown) {
      observer!.options = options;
    }
    disconnect() {
      observer!.disconnected = true;
    }
  }
  const document = {
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (el: { src: string; async: boolean }) => appended.push(`${el.src}${el.async ? ' async' : ''}`) },
  };
  runInNewContext(loaderBody(html), { PerformanceObserver, document, setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }) });
  const paint = (...names: string[]) =>
    observer!.callback({ getEntriesByName: (name: string) => (names.includes(name) ? [{ name }] : []) }, { disconnect: () => (observer!.disconnected = true) });
  return { appended, timers, paint, observer: () => observer };
}

describe('start-up scripts requested after the first paint (scripts/hydrate-after-paint.mjs)', () => {
  const html = hydrateAfterPaint(page);

  it("replaces Next's start-up script tags and preload with one loader where the first of them was", () => {
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(runtime|framework|page)/);
    expect(html).not.toContain('rel="preload" as="script"');
    expect(html).toMatch(/<\/style><script data-after-paint="">[^\n]+?<\/script><title>/);
    // The rest is untouched: the nomodule polyfill, the hydration data, the content.
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
    expect(html).toContain('<main>Hi</main>');
    expect(hydrateAfterPaint(html)).toBe(html);
    expect(hydrateAfterPaint('<html><body>static</body></html>')).toBe('<html><body>static</body></html>');
  });

  it('appends every script once, in order, when the first contentful paint is reported, and not before', () => {
    const { appended, paint, observer } = runLoader(html);
    expect(observer()!.options).toEqual({ type: 'paint', buffered: true });
    expect(appended).toEqual([]);
    paint('first-paint');
    expect(appended).toEqual([]);
    paint('first-contentful-paint');
    expect(appended).toEqual(['/_next/static/chunks/runtime.js async', '/_next/static/chunks/framework.js async', '/_next/static/chunks/page.js?dpl=d1 async']);
    expect(observer()!.disconnected).toBe(true);
  });

  it(`falls back to a ${LOADER_FALLBACK_MS} ms timer (a hidden tab never paints) and never appends twice`, () => {
    expect(LOADER_FALLBACK_MS).toBe(3000);
    const { appended, timers, paint } = runLoader(html);
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    timers[0]!.fn();
    expect(appended).toHaveLength(3);
    paint('first-contentful-paint');
    expect(appended).toHaveLength(3);
  });

  it('appends them at once in a browser without paint timing', () => {
    expect(runLoader(html, { paintTiming: false }).appended).toHaveLength(3);
  });

  it('still tells the compile-hint step which chunks run at start-up', () => {
    expect(startupChunks([html])).toEqual(['static/chunks/framework.js', 'static/chunks/page.js', 'static/chunks/runtime.js']);
  });
});
