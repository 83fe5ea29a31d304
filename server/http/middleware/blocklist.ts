import type { MiddlewareHandler } from 'hono';
import { clientIp } from './client-ip.ts';

/**
 * SPEC §9 blocklists, enforced before routing: blocked IPs, URL substrings and user-agent substrings answer
 * 403. The internal IPs are never blocked.
 */
export interface BlocklistOptions {
  blockedIps: readonly string[];
  blockedUrlSubstrings: readonly string[];
  blockedUserAgents: readonly string[];
  internalIps: readonly string[];
  trustProxy: boolean;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function blocklist(options: BlocklistOptions): MiddlewareHandler {
  const urlParts = options.blockedUrlSubstrings.map((part) => part.toLowerCase()).filter(Boolean);
  const agentParts = options.blockedUserAgents.map((part) => part.toLowerCase()).filter(Boolean);
  return async (c, next) => {
    const ip = clientIp(c, options.trustProxy);
    if (ip && options.internalIps.includes(ip)) return next();
    const url = new URL(c.req.url);
    const target = safeDecode(`${url.pathname}${url.search}`).toLowerCase();
    const agent = (c.req.header('user-agent') ?? '').toLowerCase();
    const blocked =
      (ip !== '' && options.blockedIps.includes(ip)) ||
      urlParts.some((part) => target.includes(part)) ||
      agentParts.some((part) => agent.includes(part));
    if (blocked) return c.json({ status: 403, title: 'Forbidden' }, 403);
    return next();
  };
}
