import type { Context, MiddlewareHandler } from 'hono';
import { type ProxyTrust, peerIsTrustedProxy, resolveClientAddress, trustsAnyProxy } from '../proxy-trust.ts';

export type { ProxyTrust } from '../proxy-trust.ts';

/** The socket's peer address ('' when the request did not come over a socket, e.g. app.request in tests). */
function peerAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? '';
}

/**
 * The client's IP: the right-most X-Forwarded-For entry not added by a trusted proxy (TRUST_PROXY, see
 * ../proxy-trust.ts), else the socket's peer; '' when neither is known. Every limit, the blocklist, the
 * internal-IP check, geolocation and session throttles read the client through this one function.
 */
export function clientIp(c: Context, trust: ProxyTrust | boolean): string {
  return resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), trust);
}

/** Whether the socket's peer is a proxy we trust, so headers it adds (country, scheme) may be believed. */
export function fromTrustedProxy(c: Context, trust: ProxyTrust | boolean): boolean {
  return peerIsTrustedProxy(peerAddress(c), trust);
}

/** Whether the request reached us over https (directly, or per X-Forwarded-Proto from a trusted proxy). */
export function isHttps(c: Context, trust: ProxyTrust | boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return (
    fromTrustedProxy(c, trust) &&
    c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
  );
}

/**
 * The door every request passes first: resolves the client once and rewrites the forwarding headers to what
 * was resolved, so code that only sees the Request (React Router loaders and actions, `requestIsHttps`,
 * `requestClientIp`) cannot read a forged entry. After it, X-Forwarded-For holds exactly one address, the
 * client's; X-Forwarded-Proto is kept (as `http` or `https`) only when a trusted proxy may set it.
 */
export function clientAddress(trust: ProxyTrust | boolean): MiddlewareHandler {
  const trusting = trustsAnyProxy(trust);
  return async (c, next) => {
    const ip = clientIp(c, trust);
    const https = isHttps(c, trust);
    const headers = c.req.raw.headers;
    try {
      if (ip) headers.set('x-forwarded-for', ip);
      else headers.delete('x-forwarded-for');
      if (trusting) headers.set('x-forwarded-proto', https ? 'https' : 'http');
      else headers.delete('x-forwarded-proto');
    } catch {
      // An immutable Headers object (never from the Node adapter): the Context-based readers still resolve.
    }
    await next();
  };
}

/**
 * The client's IP for code that holds only the Request (page actions): the single X-Forwarded-For entry that
 * `clientAddress` left. Only meaningful behind that middleware, which every request of the HTTP app passes.
 */
export function requestClientIp(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
}
