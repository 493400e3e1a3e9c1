/**
 * The post-build stage: docs/architecture.md, "The build". Hinted chunks keep their names
 * (bench/README.md, "Content-hashed chunk names"); the hint shifts their lines, so a chunk with a
 * source map beside it is refused, and so is a tag with integrity=, which the loader cannot absorb.
 *
 *   node --import tsx scripts/postbuild/index.ts [distDir]     default: $NEXT_DIST_DIR or .next
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withCompileHint } from './compile-hints';
import {
  MANIFEST_FILE,
  MANIFEST_VERSION,
  type PageEntry,
  type PostbuildManifest,
} from '../../src/lib/build-manifest';
import { isLoopbackHost } from '../../src/lib/loopback';
import {
  apiResponseHeaders,
  appRoutes,
  assetFile,
  assets,
  pageActions,
  prerenderedFiles,
  prerenderedPages,
} from './next-output';
import { rewritePage } from './page';

export class PostbuildError extends Error {}

/**
 * The site address a build names in its canonical links, sitemap and emails, read back from its
 * robots.txt, when it is this machine's: NEXT_PUBLIC_SITE_URL was not set before the build.
 */
export function loopbackSiteAddress(robotsTxt: string): string | null {
  const address = /^Sitemap:\s*(\S+)\/sitemap\.xml\s*$/im.exec(robotsTxt)?.[1];
  if (!address || !URL.canParse(address)) return null;
  return isLoopbackHost(new URL(address).hostname) ? address : null;
}

/** Rewrites the build in `distDir` and writes its manifest; a PostbuildError names each failure. */
export function runPostbuild(distDir: string): PostbuildManifest {
  const { pages, problems } = prerenderedPages(distDir);
  const cssFiles = new Map<string, string>();
  const readCss = (href: string) => {
    const file = assetFile(href);
    if (!file || !existsSync(path.join(distDir, file)))
      throw new Error(`a stylesheet that is not a file of this build: ${href}`);
    if (!cssFiles.has(file)) cssFiles.set(file, readFileSync(path.join(distDir, file), 'utf8'));
    return cssFiles.get(file)!;
  };
  const hasAsset = (url: string) => {
    const file = assetFile(url);
    return file !== undefined && existsSync(path.join(distDir, file));
  };

  const writes = new Map<string, string>();
  const entries: Record<string, PageEntry> = {};
  for (const { route, file } of pages.filter((page) => existsSync(path.join(distDir, page.file)))) {
    const original = readFileSync(path.join(distDir, file), 'utf8');
    const { html, entry, problems: pageProblems } = rewritePage(original, { readCss, hasAsset });
    problems.push(...pageProblems.map((problem) => `${route} (${file}): ${problem}`));
    if (html !== original) writes.set(file, html);
    entries[route] = { file, ...entry };
  }

  const hintedChunks = [
    ...new Set(Object.values(entries).flatMap((entry) => entry.startupScripts)),
  ].sort();
  for (const url of hintedChunks) {
    const file = assetFile(url);
    if (!file || !existsSync(path.join(distDir, file))) continue; // reported with its page above
    if (existsSync(path.join(distDir, `${file}.map`)))
      problems.push(
        `${url}: has a source map, which the compile hint's extra first line would shift`,
      );
    const source = readFileSync(path.join(distDir, file), 'utf8');
    if (withCompileHint(source) !== source) writes.set(file, withCompileHint(source));
  }
  if (!Object.hasOwn(entries, '/_not-found'))
    problems.push("no prerendered '/_not-found' page, which answers every unknown path");
  if (problems.length > 0)
    throw new PostbuildError(
      `post-build stage: ${problems.length} problem(s) in ${distDir}, nothing rewritten:\n  ${problems.join('\n  ')}`,
    );

  for (const [file, text] of writes) writeFileSync(path.join(distDir, file), text);
  const manifest: PostbuildManifest = {
    version: MANIFEST_VERSION,
    pages: entries,
    notFoundRoute: '/_not-found',
    hintedChunks,
    assets: assets(distDir),
    prerenderedFiles: prerenderedFiles(distDir),
    apiResponseHeaders: apiResponseHeaders(distDir),
    actions: pageActions(distDir),
    routes: appRoutes(distDir),
  };
  writeFileSync(path.join(distDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = process.argv[2] || process.env.NEXT_DIST_DIR || '.next';
  try {
    const manifest = runPostbuild(distDir);
    const pageCount = Object.keys(manifest.pages).length;
    console.log(
      `post-build: ${pageCount} prerendered pages with their stylesheet inline and scripts after first paint, ` +
        `${manifest.hintedChunks.length} start-up chunks hinted; ${path.join(distDir, MANIFEST_FILE)} written`,
    );
    const robots = path.join(distDir, 'server', 'app', 'robots.txt.body');
    const loopback = existsSync(robots) ? loopbackSiteAddress(readFileSync(robots, 'utf8')) : null;
    if (loopback)
      console.warn(
        `post-build: pages, the sitemap and emails name ${loopback} as the site's address; ` +
          'for a deployment, set NEXT_PUBLIC_SITE_URL and build again',
      );
  } catch (error) {
    if (!(error instanceof PostbuildError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
