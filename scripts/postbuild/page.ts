// One prerendered page through every rewrite, then checked: whatever a step could not handle is
// reported, so a Next upgrade that changes the markup fails the build instead of shipping pages the
// CSP or the loader breaks.
import type { PageEntry } from '../../src/lib/build-manifest';
import { hydrateAfterPaint, loaderScriptUrls } from './hydrate-after-paint';
import { inlineStylesheets } from './inline-css';
import { inlineScriptHashes, inlineStyleHashes, scriptTag } from '../../src/lib/inline-hashes';

export type BuildFiles = {
  /** The text of a build stylesheet, by its URL. */
  readCss: (href: string) => string;
  /** Whether a URL is a same-origin file of this build. */
  hasAsset: (url: string) => boolean;
};

export type RewrittenPage = { html: string; entry: Omit<PageEntry, 'file'>; problems: string[] };

const attribute = (tag: string, name: string) =>
  new RegExp(String.raw`\s${name}(?:="([^"]*)")?(?=[\s/>]|$)`, 'i').exec(tag);

export function rewritePage(original: string, build: BuildFiles): RewrittenPage {
  const problems: string[] = [];
  let html = original;
  try {
    html = hydrateAfterPaint(inlineStylesheets(original, build.readCss));
  } catch (error) {
    problems.push((error as Error).message);
  }

  const loaders = loaderScriptUrls(html);
  if (loaders.length !== 1)
    problems.push(
      `${loaders.length} after-paint loaders (expected 1): no start-up scripts found to defer`,
    );
  const startupScripts = loaders[0] ?? [];
  const noModuleScripts: string[] = [];
  for (const [, attributes = ''] of html.matchAll(scriptTag)) {
    const src = attribute(attributes, 'src');
    if (!src) continue;
    if (attribute(attributes, 'nomodule')) noModuleScripts.push(src[1] ?? '');
    else problems.push(`a script the after-paint loader did not absorb: <script${attributes}>`);
  }
  for (const src of [...startupScripts, ...noModuleScripts]) {
    if (!build.hasAsset(src))
      problems.push(`a script that is not a same-origin file of this build: ${src}`);
  }
  const outsideScripts = html.replace(scriptTag, '');
  for (const [link] of outsideScripts.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(link, 'rel')?.[1]?.toLowerCase();
    if (rel === 'stylesheet' && !attribute(link, 'type'))
      problems.push(`a stylesheet left to load before first paint: ${link}`);
    // A third party's preload (the tag manager's) is the site's choice; the build's, the loader's.
    const scriptPreload =
      rel === 'modulepreload' || (rel === 'preload' && attribute(link, 'as')?.[1] === 'script');
    if (scriptPreload && /^\/(?!\/)/.test(attribute(link, 'href')?.[1] ?? ''))
      problems.push(`a script of this build preloaded before first paint: ${link}`);
  }
  return {
    html,
    entry: {
      scriptHashes: inlineScriptHashes(html),
      styleHashes: inlineStyleHashes(html),
      startupScripts,
      noModuleScripts,
    },
    problems,
  };
}
