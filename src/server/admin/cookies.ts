import 'server-only';
import { cookies } from 'next/headers';
import { env } from '@/env';

/**
 * Sends better-auth's Set-Cookie lines from a Server Action. The session cookie lives to the
 * absolute limit: a page cannot renew a cookie while it renders, so an idle-limit cookie would sign
 * a busy operator out mid-task. The session row's expiry is the idle limit (session.ts).
 */
export async function sendCookies(lines: string[]): Promise<void> {
  const store = await cookies();
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';');
    const split = pair.indexOf('=');
    if (split < 1) continue;
    const name = pair.slice(0, split).trim();
    const value = decodeURIComponent(pair.slice(split + 1).trim());
    const options: Parameters<typeof store.set>[2] = {};
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const setting = rest.join('=').trim();
      switch (key.trim().toLowerCase()) {
        case 'max-age':
          options.maxAge = Number(setting);
          break;
        case 'expires':
          options.expires = new Date(setting);
          break;
        case 'path':
          options.path = setting;
          break;
        case 'domain':
          options.domain = setting;
          break;
        case 'secure':
          options.secure = true;
          break;
        case 'httponly':
          options.httpOnly = true;
          break;
        case 'samesite':
          options.sameSite = setting.toLowerCase() as 'lax' | 'strict' | 'none';
          break;
      }
    }
    if (/session_token$/.test(name) && value !== '' && options.maxAge !== 0) {
      options.maxAge = env.ADMIN_SESSION_MAX_HOURS * 3600;
      delete options.expires;
    }
    store.set(name, value, options);
  }
}
