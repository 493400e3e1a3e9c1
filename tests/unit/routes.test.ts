import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '@/content/routes';

const APP_DIR = join(process.cwd(), 'src/app');

/** Paths of every public page.tsx under src/app (not the inbox: no registry, no sitemap). */
function pagePaths(dir = APP_DIR, prefix = ''): string[] {
  const found: string[] =
    existsSync(join(dir, 'page.tsx')) || existsSync(join(dir, 'page.mdx')) ? [prefix || '/'] : [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (
      !statSync(full).isDirectory() ||
      entry.startsWith('_') ||
      entry.startsWith('api') ||
      (dir === APP_DIR && entry === 'admin')
    )
      continue;
    const segment = entry.startsWith('(') ? '' : `/${entry}`;
    found.push(...pagePaths(full, `${prefix}${segment}`));
  }
  return found;
}

describe('route registry', () => {
  it('registers exactly the pages that exist', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(pagePaths().sort());
  });

  it('has unique paths and titles', () => {
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => route.title)).size).toBe(routes.length);
  });

  it.each(routes.map((route) => [route.path, route] as const))(
    '%s has search-friendly metadata',
    (_path, route) => {
      expect(route.path).toMatch(/^\/[a-z0-9-]*$/);
      expect(route.title.length).toBeGreaterThan(3);
      // Leaves room for ' | {Brand}' within ~65 characters.
      expect(route.title.length).toBeLessThanOrEqual(50);
      expect(route.description.length).toBeGreaterThanOrEqual(70);
      // Search results cut a description at about 160 characters.
      expect(route.description.length).toBeLessThanOrEqual(160);
      expect(route.keywords.length).toBeGreaterThan(0);
    },
  );
});
