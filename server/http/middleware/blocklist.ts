import type { MiddlewareHandler } from 'hono';
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

/** Decoding rounds: enough for double and triple encoding; a fourth layer is no longer a real URL. */
const MAX_DECODES = 4;

/**
 * The text as a matcher must see it: percent-decoded until it stops changing (so `%252e` is `.`), with `+`
 * read as a space in queries, lower-cased. Broken escapes decode what they can, byte by byte.
 */
export function normaliseForMatch(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODES; round++) {
    const next = decodeLoosely(current);
    if (next === current) break;
    current = next;
  }
  return current.toLowerCase();
}

function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray % (or a split UTF-8 sequence) must not shield the rest of the text from decoding.
    return text.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
}

export function blocklist(options: BlocklistOptions): MiddlewareHandler {
  const urlParts = options.blockedUrlSubstrings.map((part) => part.toLowerCase()).filter(Boolean);
  const agentParts = options.blockedUserAgents.map((part) => part.toLowerCase()).filter(Boolean);
  return async (c, next) => {
    const ip = clientIp(c, options.trustProxy);
    if (ip && options.internalIps.includes(ip)) return next();
    const url = new URL(c.req.url);
    const target = normaliseForMatch(`${url.pathname}${url.search.replaceAll('+', ' ')}`);
    const agent = normaliseForMatch(c.req.header('user-agent') ?? '');
    const blocked =
      (ip !== '' && options.blockedIps.includes(ip)) ||
      urlParts.some((part) => target.includes(part)) ||
      agentParts.some((part) => agent.includes(part));
    if (blocked) return c.json({ status: 403, title: 'Forbidden' }, 403);
    return next();
  };
}
