import type { Context } from 'hono';

/**
 * The client's IP: the first X-Forwarded-For entry when the server sits behind a trusted proxy
 * (TRUST_PROXY=true), else the socket's remote address; '' when neither is known.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? '';
}

/** Whether the request reached us over https (directly, or per X-Forwarded-Proto behind a trusted proxy). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
