import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../scripts/postbuild/compile-hints';
import { runPostbuild } from '../../scripts/postbuild/index';
import { readManifest, shippedFiles } from '@/lib/build-manifest';
import { assetFile, prerenderedPages } from '../../scripts/postbuild/next-output';
import { rewritePage } from '../../scripts/postbuild/page';
import { routes } from '../../src/content/routes';
import testEnv from '../e2e/support/test-env.json' with { type: 'json' };

/**
 * The post-build stage on the installed Next's real output, the test builds: each manifest covers
 * every prerendered page and route, each page and chunk on disk is what it says, and a second run
 * on a copy finds nothing to rewrite.
 */

// The main build always; the tag-manager build when it was made (without --main-only).
const mainDist = process.env.E2E_DIST_DIR || testEnv.main.NEXT_DIST_DIR;
const buildFolders = [
  mainDist,
  ...(existsSync(path.join(testEnv.gtm.NEXT_DIST_DIR, 'prerender-manifest.json'))
    ? [testEnv.gtm.NEXT_DIST_DIR]
    : []),
];

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe.each(buildFolders)('the post-build stage on the test build in %s', (distDir) => {
  const manifest = readManifest(distDir);
  const read = (file: string) => readFileSync(path.join(distDir, file), 'utf8');
  const build = {
    readCss: (href: string) => read(assetFile(href)!),
    hasAsset: (url: string) =>
      assetFile(url) !== undefined && existsSync(path.join(distDir, assetFile(url)!)),
  };

  it('has an entry for every page Next prerendered and for every route of the site', () => {
    const { pages, problems } = prerenderedPages(distDir);
    expect(problems).toEqual([]);
    expect(Object.keys(manifest.pages).sort()).toEqual(pages.map((page) => page.route).sort());
    for (const { path: route } of routes)
      expect(Object.keys(manifest.pages), route).toContain(route);
    expect(Object.keys(manifest.pages)).toContain(manifest.notFoundRoute);
  });

  it('left every page with its stylesheet inline, one loader for its start-up scripts, and the hashes it lists', () => {
    for (const [route, { file, ...entry }] of Object.entries(manifest.pages)) {
      const html = read(file);
      const again = rewritePage(html, build);
      expect(again.problems, route).toEqual([]);
      expect(again.html, `${route}: nothing left to rewrite`).toBe(html);
      expect(again.entry, route).toEqual(entry);
      expect(entry.startupScripts.length, route).toBeGreaterThan(3);
      // Next styles its global error page inline itself.
      if (route !== '/_global-error') expect(html, route).toMatch(/<style data-href="[^"]+\.css">/);
    }
  });

  it('hinted exactly the start-up chunks', () => {
    const scripts = manifest.assets.filter((asset) => asset.file.endsWith('.js'));
    const hinted = scripts
      .filter((asset) => read(asset.file).startsWith(COMPILE_HINT))
      .map((asset) => asset.url);
    expect(hinted.sort()).toEqual(manifest.hintedChunks);
    // Chunks loaded on demand stay lazily compiled.
    expect(hinted.length).toBeLessThan(scripts.length);
  });

  it("lists every route of the app, the inbox's rendered per request among them", () => {
    for (const route of Object.keys(manifest.pages).filter((each) => !each.startsWith('/_')))
      expect(manifest.routes, route).toContain(route);
    for (const route of ['/admin', '/admin/leads/[id]', '/admin/overview', '/admin/leads.csv'])
      expect(manifest.routes, route).toContain(route);
  });

  it("records the headers next.config.ts gives API responses, for the production server's own refusals", () => {
    expect(manifest.apiResponseHeaders['Content-Security-Policy']).toContain("default-src 'none'");
    expect(manifest.apiResponseHeaders['X-Content-Type-Options']).toBe('nosniff');
  });

  it('lists every file it ships', () => {
    const files = shippedFiles(manifest);
    for (const file of files) expect(existsSync(path.join(distDir, file)), file).toBe(true);
    for (const { file } of Object.values(manifest.pages)) expect(files).toContain(file);
    for (const url of manifest.hintedChunks) expect(files).toContain(assetFile(url));
  });

  it('finds nothing to change when run again on a copy of the build', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'postbuild-contract-'));
    copies.push(copy);
    for (const part of [
      'prerender-manifest.json',
      'routes-manifest.json',
      'app-path-routes-manifest.json',
      'static',
      'server/app',
      'server/server-reference-manifest.json',
    ])
      cpSync(path.join(distDir, part), path.join(copy, part), { recursive: true });
    expect(runPostbuild(copy)).toEqual(manifest);
    for (const { file } of Object.values(manifest.pages))
      expect(readFileSync(path.join(copy, file), 'utf8') === read(file), file).toBe(true);
  });
});
