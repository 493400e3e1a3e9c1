import 'server-only';
import { cookies, headers } from 'next/headers';
import { z } from 'zod';
import { flashErrors, flashNotices, type FlashCode } from '@/content/admin';
import { fill } from '@/lib/fill';
import { secureCookies } from './auth';
import { FLASH_COOKIE, FLASH_HEADER } from './request-check';

/**
 * The typed flash: what an action tells the page it redirects to ('Status saved: Won.'), in a short-lived
 * cookie of its own, read once. The code is one of the content's flash messages and its values are
 * checked when read, so a cookie set by anything else cannot put words of its own on the page.
 *
 * Read once: src/proxy.ts passes it to the page it is sent with (a header of ours) and clears it in
 * that page's answer. After a plain form post (no JavaScript) that page is the one the browser gets
 * by following the 303. A post made by Next's client router renders the page it redirects to inside
 * the same request, from the request's cookies merged with the ones the action set (the proxy sees
 * it there); for that post the cookie is set already expired, so the browser never keeps it.
 */

export type Flash = { code: FlashCode; values?: Record<string, string | number> };
/**
 * `id` tells one action's flash from the next, even one with the same words; `values` are its
 * checked values, for a page that puts one back in its form.
 */
type ShownFlash = {
  id: string;
  code: FlashCode;
  tone: 'notice' | 'error';
  text: string;
  values: Record<string, string | number>;
};

const codes = [...Object.keys(flashNotices), ...Object.keys(flashErrors)] as [
  FlashCode,
  ...FlashCode[],
];
// What a flash's text value may hold: words, numbers, times, addresses; nothing that is markup.
const TEXT = "\\p{L}\\p{N} ():.,'’_@+/-";
const MAX_TEXT = 200;
const flashSchema = z.object({
  code: z.enum(codes),
  at: z.number().int().nonnegative().optional(),
  values: z
    .record(
      z.string().regex(/^[a-z]{1,12}$/),
      z.union([
        z.number().int().min(0).max(1_000_000_000),
        z
          .string()
          .max(MAX_TEXT)
          .regex(new RegExp(`^[${TEXT}]*$`, 'u')),
      ]),
    )
    .optional(),
});

/** A server's reply or an error as a flash value: what it may not hold left out, cut to fit. */
export function flashText(value: string): string {
  return value
    .replace(new RegExp(`[^${TEXT}]`, 'gu'), '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
}

/** Sets the flash for the page the action redirects to. */
export async function setFlash(flash: Flash): Promise<void> {
  const byClientRouter = (await headers()).has('next-action');
  const value = Buffer.from(JSON.stringify({ ...flash, at: Date.now() })).toString('base64url');
  (await cookies()).set(FLASH_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    path: '/admin',
    maxAge: byClientRouter ? 0 : 60,
  });
}

/** The flash sent with this request, as words; null when there is none or it does not check out. */
export async function readFlash(): Promise<ShownFlash | null> {
  const raw = (await headers()).get(FLASH_HEADER);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const flash = flashSchema.safeParse(parsed);
  if (!flash.success) return null;
  const { code, values = {}, at = 0 } = flash.data;
  const id = `${code}-${at}`;
  return Object.hasOwn(flashNotices, code)
    ? {
        id,
        code,
        values,
        tone: 'notice',
        text: fill(flashNotices[code as keyof typeof flashNotices], values),
      }
    : {
        id,
        code,
        values,
        tone: 'error',
        text: fill(flashErrors[code as keyof typeof flashErrors], values),
      };
}

/** The id of the element that shows a page's flash, for a field an error is about to point at. */
export const FLASH_ID = 'admin-flash';

/**
 * What a field says about an error flash that is about it (`codes`): invalid, described by the
 * flash. Nothing for any other flash.
 */
export function fieldErrorProps(
  flash: { code: FlashCode; tone: 'notice' | 'error' } | null,
  codes: readonly FlashCode[],
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return flash?.tone === 'error' && codes.includes(flash.code)
    ? { 'aria-invalid': true, 'aria-describedby': FLASH_ID }
    : {};
}
