/**
 * The preview cookie: HttpOnly, SameSite=Lax, path /, Secure over HTTPS, and short-lived (an hour at most). Its
 * value is signed with its expiry (./signing.ts), so a request proves itself without a database read, and a
 * request without the cookie pays one substring test.
 */

import { PREVIEW_COOKIE, PREVIEW_COOKIE_SECONDS } from '#core/content-preview.ts';
import { readCookie } from '#core/cookies.ts';
import type { PreviewSigner } from './signing.ts';

export interface PreviewCookies {
  /** Set-Cookie for a preview lasting until `until` (an hour from now at most). */
  set(until: Date, secure: boolean, now?: Date): string;
  clear(secure: boolean): string;
  /** Whether the request carries a genuine, unexpired preview cookie. */
  active(request: Request, now?: Date): boolean;
}

export function previewCookies(signer: PreviewSigner): PreviewCookies {
  const marker = `${PREVIEW_COOKIE}=`;
  const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    set(until, secure, now = new Date()) {
      const latest = now.getTime() + PREVIEW_COOKIE_SECONDS * 1000;
      const expiry = new Date(Math.min(until.getTime(), latest));
      const maxAge = Math.max(0, Math.floor((expiry.getTime() - now.getTime()) / 1000));
      return `${PREVIEW_COOKIE}=${signer.cookieValue(expiry)}; ${attributes(secure)}; Max-Age=${maxAge}`;
    },
    clear(secure) {
      return `${PREVIEW_COOKIE}=; ${attributes(secure)}; Max-Age=0`;
    },
    active(request, now) {
      const header = request.headers.get('cookie');
      if (!header?.includes(marker)) return false;
      return signer.verifyCookie(readCookie(header, PREVIEW_COOKIE), now) !== null;
    },
  };
}
