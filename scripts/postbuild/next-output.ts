// Where `next build` (Next 16, App Router, Turbopack) puts what the stage reads: the prerendered
// pages, listed in prerender-manifest.json and written to server/app/{route}.html, and the client
// files under static/, served at /_next/static/. Each step describes the markup it rewrites.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type PrerenderedPage = { route: string; file: string };

const APP_DIR = 'server/app';
const STATIC_URL = '/_next/static/';

/** Lists `dir`'s files recursively, as '/'-separated paths relative to `root`. */
function filesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/**
 * Every page Next prerendered to HTML (file relative to the build folder), and a problem for each
 * listed page whose HTML is not where expected and each HTML file no listed page claims: a layout
 * change must not leave pages unchecked.
 */
export function prerenderedPages(distDir: string): {
  pages: PrerenderedPage[];
  problems: string[];
} {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'),
  ) as {
    routes: Record<string, { routeType?: string }>;
  };
  const pages = Object.entries(manifest.routes)
    .filter(([, route]) => route.routeType === 'page')
    .map(([route]) => ({ route, file: `${APP_DIR}${route === '/' ? '/index' : route}.html` }));
  const html = new Set(filesUnder(distDir, APP_DIR).filter((file) => file.endsWith('.html')));
  const problems = [
    ...pages
      .filter((page) => !html.has(page.file))
      .map(
        (page) =>
          `${page.route}: prerender-manifest.json lists it, but ${page.file} does not exist`,
      ),
    ...[...html]
      .filter((file) => !pages.some((page) => page.file === file))
      .map((file) => `${file}: HTML that no prerendered route in prerender-manifest.json claims`),
  ];
  if (pages.length === 0) problems.push('prerender-manifest.json lists no prerendered page');
  return { pages, problems };
}

/** The build file a same-origin static URL is served from; undefined for any other URL. */
export function assetFile(url: string): string | undefined {
  const pathname = url.replace(/[?#].*$/, '');
  return pathname.startsWith(STATIC_URL) && !pathname.includes('..')
    ? pathname.slice('/_next/'.length)
    : undefined;
}

/** Every file served from the static folder, with its URL. */
export function assets(distDir: string): Array<{ url: string; file: string }> {
  return filesUnder(distDir, 'static').map((file) => ({ url: `/_next/${file}`, file }));
}

/** The prerendered pages' files that reach browsers: HTML, RSC payloads, bodies, headers. */
export function prerenderedFiles(distDir: string): string[] {
  return filesUnder(distDir, APP_DIR).filter((file) => /\.(html|rsc|body|meta)$/.test(file));
}

/**
 * The headers next.config.ts gives every API response (its rules without conditions that match
 * under /api/), from routes-manifest.json: what scripts/server.mjs sends with the refusals it
 * answers before Next.js.
 */
export function apiResponseHeaders(distDir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8')) as {
    headers: Array<{
      regex: string;
      has?: unknown;
      missing?: unknown;
      headers: Array<{ key: string; value: string }>;
    }>;
  };
  return Object.fromEntries(
    manifest.headers
      .filter((rule) => !rule.has && !rule.missing && new RegExp(rule.regex).test('/api/refused'))
      .flatMap((rule) => rule.headers.map(({ key, value }) => [key, value])),
  );
}

/**
 * The Server Actions each page runs, by route ('/admin/leads/[id]'), from Next's server reference
 * manifest: the proxy refuses any other, which Next.js would forward to the page that has it.
 */
export function pageActions(distDir: string): Record<string, string[]> {
  const file = path.join(distDir, 'server', 'server-reference-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  const actions: Record<string, string[]> = {};
  for (const [id, { workers }] of Object.entries(manifest.node))
    for (const worker of Object.keys(workers)) {
      // 'app/admin/(signed-in)/leads/[id]/page' -> '/admin/leads/[id]'
      const route =
        worker
          .replace(/^app/, '')
          .replace(/\/page$/, '')
          .replace(/\/\([^/]+\)/g, '') || '/';
      (actions[route] ??= []).push(id);
    }
  return actions;
}

/** Every route of the app, pages and route handlers, from Next's app path routes manifest. */
export function appRoutes(distDir: string): string[] {
  const file = path.join(distDir, 'app-path-routes-manifest.json');
  return [
    ...new Set(Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)),
  ];
}
