// The post-build manifest: docs/architecture.md, "The build". Written by scripts/postbuild/, read
// by the proxy's CSP, scripts/server.mjs and the tests, so nothing else reads Next's output.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST_FILE = 'postbuild-manifest.json';
export const MANIFEST_VERSION = 4;

export type PageEntry = {
  /** The prerendered HTML, relative to the build folder. */
  file: string;
  /** CSP sources ('sha256-…') of every inline script the browser runs, the loader included. */
  scriptHashes: string[];
  /** CSP sources of every inline style element (the inlined stylesheet). */
  styleHashes: string[];
  /** The same-origin start-up scripts the loader appends after first paint, in order. */
  startupScripts: string[];
  /** Scripts only browsers without module support run (the nomodule polyfill), left as tags. */
  noModuleScripts: string[];
};

export type PostbuildManifest = {
  version: typeof MANIFEST_VERSION;
  /** Route ('/', '/contact-us', '/_not-found') -> its prerendered page. */
  pages: Record<string, PageEntry>;
  /** The route whose page answers any path that is no page, file or API route. */
  notFoundRoute: string;
  /** Chunks marked for eager compilation: every page's start-up scripts. */
  hintedChunks: string[];
  /** Every file served from the build's static folder: its URL and its path in the build folder. */
  assets: Array<{ url: string; file: string }>;
  /** Files of the prerendered pages that reach browsers (HTML, RSC payloads, bodies, headers). */
  prerenderedFiles: string[];
  /** The headers next.config.ts gives API responses, for refusals scripts/server.mjs answers. */
  apiResponseHeaders: Record<string, string>;
  /** Route ('/admin/leads/[id]') -> the ids of the Server Actions its page runs. */
  actions: Record<string, string[]>;
  /** Every route of the app, pages and route handlers ('/admin/leads/[id]', '/api/health'). */
  routes: string[];
};

/** The manifest of the build in `distDir`; a clear error when the post-build stage did not run. */
export function readManifest(distDir: string): PostbuildManifest {
  const file = path.join(distDir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `${file} is missing: build with \`npm run build\`, not a bare \`next build\` (it skips the post-build stage, scripts/postbuild/)`,
    );
  }
  const manifest = JSON.parse(text) as PostbuildManifest;
  if (manifest.version !== MANIFEST_VERSION)
    throw new Error(
      `${file} is from another version of scripts/postbuild/: rebuild with \`npm run build\``,
    );
  return manifest;
}

/** The prerendered page a request path is served by, if any. */
export function pageFor(manifest: PostbuildManifest, pathname: string): PageEntry | undefined {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(manifest.pages, route) ? manifest.pages[route] : undefined;
}

/** Every file of the build a browser can receive, relative to the build folder. */
export function shippedFiles(manifest: PostbuildManifest): string[] {
  return [...manifest.assets.map((asset) => asset.file), ...manifest.prerenderedFiles];
}

/**
 * Whether `route` serves `pathname`: a '[param]' segment matches any one segment, '[...rest]' one
 * or more, '[[...rest]]' any number.
 */
function routeServes(route: string, pathname: string): boolean {
  const segments = pathname.replace(/\/+$/, '').split('/');
  const pattern = route.replace(/\/+$/, '').split('/');
  for (const [i, part] of pattern.entries()) {
    if (part.startsWith('[[...')) return segments.length >= i;
    if (part.startsWith('[...')) return segments.length > i;
    if (i >= segments.length || (!/^\[[^\]]+\]$/.test(part) && part !== segments[i])) return false;
  }
  return pattern.length === segments.length;
}

/**
 * The Server Actions of the page a request path is served by, or undefined when no page with
 * actions matches.
 */
export function actionsFor(manifest: PostbuildManifest, pathname: string): string[] | undefined {
  const route = Object.keys(manifest.actions).find((each) => routeServes(each, pathname));
  return route === undefined ? undefined : manifest.actions[route];
}

/** Whether a route of the app serves the request path (else Next.js answers its 404 page). */
export function isAppRoute(manifest: PostbuildManifest, pathname: string): boolean {
  return manifest.routes.some((route) => routeServes(route, pathname));
}
