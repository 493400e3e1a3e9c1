import 'server-only';
import path from 'node:path';
import { env } from '@/env';
import { actionsFor, isAppRoute, readManifest, type PostbuildManifest } from '@/lib/build-manifest';

let manifest: PostbuildManifest | undefined;

/** This build's post-build manifest (docs/architecture.md, "The build"), read once. */
export function builtManifest(): PostbuildManifest {
  return (manifest ??= readManifest(path.resolve(env.NEXT_DIST_DIR)));
}

/** The Server Actions of the page at `pathname`; undefined under `next dev` or for no such page. */
export function pageActionIds(pathname: string): string[] | undefined {
  return env.NODE_ENV === 'development' ? undefined : actionsFor(builtManifest(), pathname);
}

/** Whether a page or route handler serves `pathname`; always true under `next dev`. */
export function servesRoute(pathname: string): boolean {
  return env.NODE_ENV === 'development' || isAppRoute(builtManifest(), pathname);
}
