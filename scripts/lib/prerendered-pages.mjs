// The prerendered HTML pages of a build ({distDir}/server/app/**/*.html), which the
// post-build steps (compile-hints, inline-css, hydrate-after-paint) read and rewrite.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Absolute paths of every prerendered page in the build. */
export function pageFiles(distDir) {
  const appDir = path.join(distDir, 'server', 'app');
  return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(appDir, file));
}

/**
 * Rewrites every page with `transform(html)`, writing only those it changed. Throws unless some page, once
 * rewritten, contains `marker`: a build whose output no longer matches the step's patterns must not pass unnoticed.
 */
export function rewritePages(distDir, transform, marker) {
  const files = pageFiles(distDir);
  let changed = 0;
  let marked = 0;
  for (const file of files) {
    const before = readFileSync(file, 'utf8');
    const after = transform(before);
    if (after !== before) {
      writeFileSync(file, after);
      changed += 1;
    }
    if (after.includes(marker)) marked += 1;
  }
  if (marked === 0) throw new Error(`no page in ${distDir}/server/app has ${marker}: did next build change its output?`);
  return { pages: files.length, changed };
}
