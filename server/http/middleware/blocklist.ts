import type { MiddlewareHandler } from 'hono';
import { blockedSubstring, matchableSubstrings, normaliseForMatch } from '#core/blocked-url.ts';
import { clientIp, type ProxyTrust } from './client-ip.ts';

/**
 * SPEC §9 blocklists, enforced before routing: blocked IPs, URL substrings and user-agent substrings answer
 * 403. The internal IPs are never blocked.
 */
export interface BlocklistOptions {
  blockedIps: readonly string[];
  blockedUrlSubstrings: readonly string[];
  blockedUserAgents: readonly string[];
  internalIps: readonly string[];
  trustProxy: ProxyTrust | boolean;
}

export function blocklist(options: BlocklistOptions): MiddlewareHandler {
  const urlParts = matchableSubstrings(options.blockedUrlSubstrings);
  const agentParts = matchableSubstrings(options.blockedUserAgents);
  return async (c, next) => {
    const ip = clientIp(c, options.trustProxy);
    if (ip && options.internalIps.includes(ip)) return next();
    const url = new URL(c.req.url);
    const agent = normaliseForMatch(c.req.header('user-agent') ?? '');
    const blocked =
      (ip !== '' && options.blockedIps.includes(ip)) ||
      blockedSubstring(`${url.pathname}${url.search}`, urlParts) !== null ||
      agentParts.some((part) => agent.includes(part));
    if (blocked) return c.json({ status: 403, title: 'Forbidden' }, 403);
    return next();
  };
}
