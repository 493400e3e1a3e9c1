import 'server-only';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { secureCookies } from './auth';

/**
 * What an operator sent after their session had ended (a note, a chosen status), kept in their own
 * browser (HttpOnly cookies, nothing stored on the server for a request nobody signed) for the page
 * it was sent from, so after signing in again it is back on that page, with or without JavaScript.
 * Cleared once sent again signed in, or on sign-out; gone after an hour. A browser keeps at most
 * 4 kB a cookie, so the fields are split over a few.
 */

export type Draft = Record<string, string>;

const DRAFT_COOKIE = 'admin.draft';
const CHUNK_BYTES = 3_800;
const MAX_CHUNKS = 3;
const DRAFT_SECONDS = 60 * 60;

const draftSchema = z.object({ path: z.string(), fields: z.record(z.string(), z.string()) });
const chunkName = (index: number) => `${DRAFT_COOKIE}.${index}`;
const options = () => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookies(),
  path: '/admin',
});

/**
 * Keeps `fields` for the page at `path` (its pathname) in place of what was kept; with no fields,
 * forgets what was kept for that page. False when nothing is kept (none, or too long to keep).
 */
export async function keepDraft(path: string, fields: Draft): Promise<boolean> {
  if (Object.keys(fields).length === 0) {
    if (await readDraft(path)) await clearDraft();
    return false;
  }
  const value = Buffer.from(JSON.stringify({ path, fields })).toString('base64url');
  const chunks = value.match(new RegExp(`.{1,${CHUNK_BYTES}}`, 'g')) ?? [];
  await clearDraft();
  if (chunks.length > MAX_CHUNKS) return false;
  const store = await cookies();
  chunks.forEach((chunk, index) =>
    store.set(chunkName(index), chunk, { ...options(), maxAge: DRAFT_SECONDS }),
  );
  return true;
}

/** The fields kept for the page at `path` (unchecked: the page parses what it uses), or null. */
export async function readDraft(path: string): Promise<Draft | null> {
  const store = await cookies();
  let value = '';
  for (let index = 0; index < MAX_CHUNKS; index++)
    value += store.get(chunkName(index))?.value ?? '';
  if (!value) return null;
  try {
    const draft = draftSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    return draft.success && draft.data.path === path ? draft.data.fields : null;
  } catch {
    return null;
  }
}

/** Forgets the kept fields. */
export async function clearDraft(): Promise<void> {
  const store = await cookies();
  for (let index = 0; index < MAX_CHUNKS; index++)
    if (store.has(chunkName(index))) store.set(chunkName(index), '', { ...options(), maxAge: 0 });
}

/**
 * A lead page's work, the one draft the inbox keeps: the note typed, and a status chosen with the
 * one its page showed (for the stale-page check when it is saved).
 */
export function workDraft({ note, stage, from }: Record<string, unknown>): Draft {
  return {
    ...(typeof note === 'string' && note.trim() ? { note } : {}),
    ...(typeof stage === 'string' && typeof from === 'string' && stage !== from
      ? { stage, from }
      : {}),
  };
}
