import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, withCompileHint } from '../../scripts/postbuild/compile-hints';
import {
  LOADER_FALLBACK_MS,
  hydrateAfterPaint,
  loaderScriptUrls,
} from '../../scripts/postbuild/hydrate-after-paint';
import { PostbuildError, loopbackSiteAddress, runPostbuild } from '../../scripts/postbuild/index';
import { absoluteUrls, inlineStylesheets } from '../../scripts/postbuild/inline-css';
import { hashSource, inlineScriptHashes, inlineStyleHashes } from '@/lib/inline-hashes';
import { MANIFEST_FILE, pageFor, readManifest, shippedFiles } from '@/lib/build-manifest';

/**
 * The post-build stage: each step on hand-written markup, then the whole stage on two pages of
 * Next 16.4.6's raw output (tests/unit/fixtures/), with stand-ins for their chunks and stylesheet.
 */

const FIXTURE = path.join(import.meta.dirname, 'fixtures/next-16.4.6');
const STAND_IN_CSS = '@font-face{src:url(../media/inter.woff2)}body{color:#111}';

const builds: string[] = [];
afterEach(() => {
  for (const dir of builds.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the captured build, a stand-in for every file it loads; `edit` may change a page. */
function capturedBuild(edit?: (pages: Record<string, string>) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'postbuild-'));
  builds.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  const appDir = path.join(dir, 'server/app');
  const pages = Object.fromEntries(
    readdirSync(appDir).map((name) => [name, readFileSync(path.join(appDir, name), 'utf8')]),
  );
  edit?.(pages);
  for (const [name, html] of Object.entries(pages)) {
    writeFileSync(path.join(appDir, name), html);
    for (const [, url = ''] of html.matchAll(/\s(?:src|href)="\/_next\/(static\/[^"?]+)"/g)) {
      mkdirSync(path.dirname(path.join(dir, url)), { recursive: true });
      writeFileSync(
        path.join(dir, url),
        url.endsWith('.css') ? STAND_IN_CSS : `/* stand-in for ${url} */`,
      );
    }
  }
  return dir;
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
/** Every file of the build folder with its text. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.relative(dir, path.join(entry.parentPath, entry.name));
        return [file, read(dir, file)];
      }),
  );

describe('inlining the build stylesheet', () => {
  const files: Record<string, string> = { '/_next/static/chunks/site.css': STAND_IN_CSS };
  const readCss = (href: string) => {
    const css = files[href];
    if (css === undefined) throw new Error(`unexpected read of ${href}`);
    return css;
  };
  const page =
    '<head><link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/></head><body>Hi</body>';

  it('puts the stylesheet in a style element, its font url made absolute, and keeps a link React can find but browsers never fetch', () => {
    expect(inlineStylesheets(page, readCss)).toBe(
      '<head><style data-href="/_next/static/chunks/site.css">@font-face{src:url(/_next/static/media/inter.woff2)}body{color:#111}</style>' +
        '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next" type="text/plain"/></head><body>Hi</body>',
    );
    const once = inlineStylesheets(page, readCss);
    expect(inlineStylesheets(once, readCss)).toBe(once);
  });

  it('resolves relative urls as the browser would from the file, and keeps absolute, data and fragment urls', () => {
    const href = '/_next/static/chunks/site.css';
    expect(absoluteUrls('a{b:url("../media/a.woff2")}c{d:url(\'x.png\')}', href)).toBe(
      'a{b:url("/_next/static/media/a.woff2")}c{d:url(\'/_next/static/chunks/x.png\')}',
    );
    const kept =
      'a{b:url(/img/a.png)}c{d:url(data:image/png;base64,AA==)}e{f:url(#g)}h{i:url(https://x.test/a.png)}';
    expect(absoluteUrls(kept, href)).toBe(kept);
  });

  it('refuses a stylesheet that would close the style element early', () => {
    expect(() => inlineStylesheets(page, () => 'a::after{content:"</style>"}')).toThrow(
      /cannot be inlined/,
    );
  });
});

describe('start-up scripts requested after the first paint', () => {
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
  const html = hydrateAfterPaint(page);
  const loaderBody = /<script data-after-paint="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  /** Runs the loader in a fake browser; returns the scripts it appended and its driving hooks. */
  function runLoader({ paintTiming = true } = {}) {
    const appended: string[] = [];
    const timers: Array<{ ms: number; fn: () => void }> = [];
    let observer:
      | { callback: (list: unknown, obs: unknown) => void; options: unknown; disconnected: boolean }
      | undefined;
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
      head: {
        appendChild: (el: { src: string; async: boolean }) =>
          appended.push(`${el.src}${el.async ? ' async' : ''}`),
      },
    };
    runInNewContext(loaderBody, {
      PerformanceObserver,
      document,
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    });
    const paint = (...names: string[]) =>
      observer!.callback(
        { getEntriesByName: (name: string) => (names.includes(name) ? [{ name }] : []) },
        { disconnect: () => (observer!.disconnected = true) },
      );
    return { appended, timers, paint, observer: () => observer };
  }

  it("replaces Next's start-up script tags and preload with one loader where the first of them was", () => {
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(runtime|framework|page)/);
    expect(html).not.toContain('rel="preload" as="script"');
    expect(html).toMatch(/<\/style><script data-after-paint="">[^\n]+?<\/script><title>/);
    // The rest is untouched: the nomodule polyfill, the hydration data, the content.
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
    expect(html).toContain('<main>Hi</main>');
    expect(hydrateAfterPaint(html)).toBe(html);
    expect(hydrateAfterPaint('<html><body>static</body></html>')).toBe(
      '<html><body>static</body></html>',
    );
    expect(loaderScriptUrls(html)).toEqual([
      [
        '/_next/static/chunks/runtime.js',
        '/_next/static/chunks/framework.js',
        '/_next/static/chunks/page.js?dpl=d1',
      ],
    ]);
  });

  it('appends every script once, in order, when the first contentful paint is reported, and not before', () => {
    const { appended, paint, observer } = runLoader();
    expect(observer()!.options).toEqual({ type: 'paint', buffered: true });
    expect(appended).toEqual([]);
    paint('first-paint');
    expect(appended).toEqual([]);
    paint('first-contentful-paint');
    expect(appended).toEqual([
      '/_next/static/chunks/runtime.js async',
      '/_next/static/chunks/framework.js async',
      '/_next/static/chunks/page.js?dpl=d1 async',
    ]);
    expect(observer()!.disconnected).toBe(true);
  });

  it(`falls back to a ${LOADER_FALLBACK_MS} ms timer (a hidden tab never paints) and never appends twice`, () => {
    expect(LOADER_FALLBACK_MS).toBe(3000);
    const { appended, timers, paint } = runLoader();
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    timers[0]!.fn();
    expect(appended).toHaveLength(3);
    paint('first-contentful-paint');
    expect(appended).toHaveLength(3);
  });

  it('appends them at once in a browser without paint timing', () => {
    expect(runLoader({ paintTiming: false }).appended).toHaveLength(3);
  });
});

describe("V8's compile hint", () => {
  it('goes on the first line, once', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    const hinted = withCompileHint('(globalThis.TURBOPACK||[]).push([])');
    expect(hinted).toBe('//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push([])');
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});

describe('inline hashes', () => {
  const expected = (text: string) =>
    `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('hashes the exact text of every inline script the browser would run, once each', () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script><script async="" id="_R_">b()</script><script type="module">c()</script><script>a()</script>`;
    expect(inlineScriptHashes(html)).toEqual([expected('a()'), expected('b()'), expected('c()')]);
    expect(hashSource('a()')).toBe(expected('a()'));
  });

  it('hashes every style element once, and ignores "<style>" inside scripts (the RSC payload), which the browser never applies', () => {
    const html =
      '<head><style data-href="/_next/static/chunks/a.css">.a{color:red}</style><style>.b{}</style><style>.b{}</style></head>';
    expect(inlineStyleHashes(html)).toEqual([expected('.a{color:red}'), expected('.b{}')]);
    expect(
      inlineStyleHashes('<script>self.__next_f.push([1,"<style>.x{}</style>"])</script>'),
    ).toEqual([]);
  });
});

describe('the post-build stage on pages captured from next build', () => {
  it('rewrites every prerendered page, hints its start-up chunks and writes the manifest', () => {
    const dir = capturedBuild();
    const manifest = runPostbuild(dir);
    expect(readManifest(dir)).toEqual(manifest);
    expect(Object.keys(manifest.pages).sort()).toEqual(['/_global-error', '/_not-found']);
    expect(manifest.notFoundRoute).toBe('/_not-found');
    // Each page's Server Actions, by route, without its route groups.
    const shared = '7f3d4328a51d9a5b0c5e8548cc312e99589bc67358';
    expect(manifest.actions).toEqual({
      '/admin/account': [shared],
      '/admin/audit': [shared],
      '/admin/deletion': [shared],
      '/admin/leads/[id]': [shared],
      '/admin/overview': [shared],
      '/admin': [shared],
      '/admin/sign-in': ['4048a271284d86dd823a96130681a98c1bf62c56ff'],
    });
    // Every route, pages and route handlers alike, without route groups: what is no route is a 404.
    expect(manifest.routes).toEqual(
      expect.arrayContaining([
        '/',
        '/admin',
        '/admin/leads/[id]',
        '/admin/leads.csv',
        '/api/health',
      ]),
    );
    expect(manifest.routes.some((route) => route.includes('('))).toBe(false);

    const notFound = manifest.pages['/_not-found']!;
    const html = read(dir, notFound.file);
    expect(notFound.file).toBe('server/app/_not-found.html');
    expect(html).toContain(
      '<style data-href="/_next/static/chunks/09a0-kvbtl63z.css">@font-face{src:url(/_next/static/media/inter.woff2)}body{color:#111}</style>' +
        '<link rel="stylesheet" href="/_next/static/chunks/09a0-kvbtl63z.css" data-precedence="next" type="text/plain"/><script data-after-paint="">',
    );
    // The preloaded runtime first, then the async scripts in document order.
    expect(notFound.startupScripts).toEqual([
      '/_next/static/chunks/0uk63h0tuavo5.js',
      '/_next/static/chunks/0li7vzj18bfpo.js',
      '/_next/static/chunks/3lbm-r_1xmrrq.js',
      '/_next/static/chunks/3cj5ro9h4ykb8.js',
      '/_next/static/chunks/turbopack-077hmtqrhcoji.js',
      '/_next/static/chunks/3u2g9y3x-226u.js',
    ]);
    expect(loaderScriptUrls(html)).toEqual([notFound.startupScripts]);
    expect(notFound.noModuleScripts).toEqual(['/_next/static/chunks/0cz1d0mv5g_q7.js']);
    expect(notFound.scriptHashes).toEqual(inlineScriptHashes(html));
    // Pre-paint script, loader, Turbopack bootstrap, RSC data.
    expect(notFound.scriptHashes.length).toBeGreaterThanOrEqual(4);
    expect(notFound.styleHashes).toEqual([
      hashSource(`@font-face{src:url(/_next/static/media/inter.woff2)}body{color:#111}`),
    ]);
    // Next's own inline style on the global error page, which has no stylesheet link.
    expect(manifest.pages['/_global-error']!.styleHashes).toHaveLength(1);

    // The global error page's own chunk.
    expect(manifest.hintedChunks).toContain('/_next/static/chunks/3qfy96eoyh-ek.js');
    for (const url of manifest.hintedChunks)
      expect(read(dir, url.slice('/_next/'.length)).startsWith(COMPILE_HINT), url).toBe(true);
    expect(read(dir, 'static/chunks/0cz1d0mv5g_q7.js')).toBe(
      '/* stand-in for static/chunks/0cz1d0mv5g_q7.js */',
    ); // the polyfill
    expect(manifest.assets).toContainEqual({
      url: '/_next/static/chunks/09a0-kvbtl63z.css',
      file: 'static/chunks/09a0-kvbtl63z.css',
    });
    expect(shippedFiles(manifest)).toEqual(
      expect.arrayContaining(['static/chunks/0li7vzj18bfpo.js', 'server/app/_not-found.html']),
    );
    expect(pageFor(manifest, '/_not-found/')).toBe(notFound);
    expect(pageFor(manifest, '/nowhere')).toBeUndefined();
  });

  it('changes nothing when run again', () => {
    const dir = capturedBuild();
    runPostbuild(dir);
    const once = snapshot(dir);
    runPostbuild(dir);
    expect(snapshot(dir)).toEqual(once);
  });

  it.each([
    [
      'a stylesheet from elsewhere',
      (html: string) =>
        html.replace(
          '<title>',
          '<link rel="stylesheet" href="https://cdn.example.test/x.css"/><title>',
        ),
      /\/_not-found \(server\/app\/_not-found\.html\): a stylesheet left to load before first paint: <link rel="stylesheet" href="https:\/\/cdn/,
    ],
    [
      'a start-up script in a shape the loader does not know',
      (html: string) => html.replace('async=""></script><meta', 'defer=""></script><meta'),
      /\/_not-found \(.*\): a script the after-paint loader did not absorb: <script src="\/_next\/static\/chunks\/3u2g9y3x-226u\.js" defer="">/,
    ],
    [
      'a script from another origin',
      (html: string) =>
        html.replace(
          'src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule',
          'src="https://cdn.example.test/p.js" noModule',
        ),
      /\/_not-found \(.*\): a script that is not a same-origin file of this build: https:\/\/cdn\.example\.test\/p\.js/,
    ],
    [
      'no start-up scripts at all',
      (html: string) =>
        html.replace(
          /<link rel="preload" as="script"[^>]*>|<script src="[^"]*" async=""><\/script>/g,
          '',
        ),
      /\/_not-found \(.*\): 0 after-paint loaders/,
    ],
    [
      'a script preloaded in another way',
      (html: string) =>
        html.replace(
          '<title>',
          '<link rel="modulepreload" href="/_next/static/chunks/0li7vzj18bfpo.js"/><title>',
        ),
      /\/_not-found \(.*\): a script of this build preloaded before first paint/,
    ],
  ])('fails naming the page, and rewrites nothing, on %s', (_, edit, message) => {
    const dir = capturedBuild(
      (pages) => (pages['_not-found.html'] = edit(pages['_not-found.html']!)),
    );
    const before = snapshot(dir);
    expect(() => runPostbuild(dir)).toThrow(PostbuildError);
    expect(() => runPostbuild(dir)).toThrow(message);
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(path.join(dir, MANIFEST_FILE))).toBe(false);
  });

  it("leaves a third party's script preload (the tag manager's) as it is", () => {
    const gtm =
      '<link rel="preload" href="https://www.googletagmanager.com/gtm.js?id=GTM-TEST123" as="script"/>';
    const dir = capturedBuild(
      (pages) =>
        (pages['_not-found.html'] = pages['_not-found.html']!.replace('<title>', `${gtm}<title>`)),
    );
    runPostbuild(dir);
    expect(read(dir, 'server/app/_not-found.html')).toContain(`${gtm}<title>`);
  });

  it('fails on prerendered HTML that Next does not list, and on a listed page without HTML', () => {
    const extra = capturedBuild((pages) => (pages['stray.html'] = pages['_global-error.html']!));
    expect(() => runPostbuild(extra)).toThrow(
      /server\/app\/stray\.html: HTML that no prerendered route in prerender-manifest\.json claims/,
    );
    const missing = capturedBuild();
    rmSync(path.join(missing, 'server/app/_global-error.html'));
    expect(() => runPostbuild(missing)).toThrow(
      /\/_global-error: prerender-manifest\.json lists it, but server\/app\/_global-error\.html does not exist/,
    );
  });

  it('fails on a start-up chunk with a source map, which the hint would shift by a line', () => {
    const dir = capturedBuild();
    writeFileSync(path.join(dir, 'static/chunks/0li7vzj18bfpo.js.map'), '{}');
    expect(() => runPostbuild(dir)).toThrow(
      /\/_next\/static\/chunks\/0li7vzj18bfpo\.js: has a source map/,
    );
  });
});

describe('readManifest', () => {
  it('says to run npm run build when the build has no manifest', () => {
    const dir = capturedBuild();
    expect(() => readManifest(dir)).toThrow(
      /postbuild-manifest\.json is missing: build with `npm run build`, not a bare `next build`/,
    );
  });
});

describe("the build's site address", () => {
  const robots = (address: string) =>
    `User-Agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${address}/sitemap.xml\n`;

  it.each(['http://localhost:3000', 'http://127.0.0.1:3100', 'http://[::1]:3000'])(
    'is reported when it is this machine (%s): NEXT_PUBLIC_SITE_URL was not set',
    (address) => expect(loopbackSiteAddress(robots(address))).toBe(address),
  );

  it('is not reported when it is a public address, or when robots.txt names none', () => {
    expect(loopbackSiteAddress(robots('https://www.brightline.example'))).toBeNull();
    expect(loopbackSiteAddress(robots('https://localhost.example.com'))).toBeNull();
    expect(loopbackSiteAddress('User-Agent: *\nAllow: /\n')).toBeNull();
  });
});
