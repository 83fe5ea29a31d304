/**
 * Signed preview links and preview cookies (docs/decisions/0010-content-preview.md): HMAC-SHA256 with a key
 * derived from the server's preview token (CONTENT_PREVIEW_TOKEN, kept per database like the delivery keys), so
 * every process on one database accepts what another signed, and nothing needs a row.
 *
 * A link is `<payload>.<signature>`, the payload hex-encoded JSON `{ p: path, e: expiry (epoch seconds) }`; a
 * cookie is `<expiry>.<signature>`. Each signature covers a purpose label too, so a cookie value can never pass
 * as a link or the other way round. A link is hex throughout, as every token the store puts in a URL: base64url
 * could spell a blocked URL substring such as `wp-` (decision 0028).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { previewTarget } from '#core/content-preview.ts';

export type LinkCheck =
  | { ok: true; path: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

export interface PreviewSigner {
  signLink(path: string, expiresAt: Date): string;
  verifyLink(token: string, now?: Date): LinkCheck;
  cookieValue(expiresAt: Date): string;
  /** The cookie's expiry when its value is genuine and not expired, else null. */
  verifyCookie(value: string | null | undefined, now?: Date): Date | null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createPreviewSigner(previewToken: string): PreviewSigner {
  const key = createHmac('sha256', previewToken).update('ridgeline content preview signing').digest();
  const sign = (purpose: string, payload: string) =>
    createHmac('sha256', key).update(`${purpose}\n${payload}`).digest('hex');
  const genuine = (purpose: string, payload: string, signature: string) => {
    const expected = Buffer.from(sign(purpose, payload));
    const sent = Buffer.from(signature);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  };

  return {
    signLink(path, expiresAt) {
      const target = previewTarget(path);
      if (!target) throw new Error(`Not a storefront page path: ${path}`);
      const payload = Buffer.from(JSON.stringify({ p: target, e: seconds(expiresAt) })).toString('hex');
      return `${payload}.${sign('link', payload)}`;
    },

    verifyLink(token, now = new Date()) {
      const match = /^((?:[0-9a-f]{2}){1,4000})\.([0-9a-f]{64})$/.exec(token);
      if (!match) return { ok: false, reason: 'malformed' };
      const [, payload, signature] = match as unknown as [string, string, string];
      if (!genuine('link', payload, signature)) return { ok: false, reason: 'tampered' };
      let body: { p?: unknown; e?: unknown };
      try {
        body = JSON.parse(Buffer.from(payload, 'hex').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const path = previewTarget(body.p);
      if (!path || typeof body.e !== 'number' || !Number.isSafeInteger(body.e))
        return { ok: false, reason: 'malformed' };
      if (body.e <= seconds(now)) return { ok: false, reason: 'expired' };
      return { ok: true, path, expiresAt: new Date(body.e * 1000) };
    },

    cookieValue(expiresAt) {
      const expiry = String(seconds(expiresAt));
      return `${expiry}.${sign('cookie', expiry)}`;
    },

    verifyCookie(value, now = new Date()) {
      const match = value ? /^(\d{1,12})\.([0-9a-f]{64})$/.exec(value) : null;
      if (!match) return null;
      const [, expiry, signature] = match as unknown as [string, string, string];
      if (!genuine('cookie', expiry, signature)) return null;
      const at = Number(expiry);
      return at > seconds(now) ? new Date(at * 1000) : null;
    },
  };
}
