import { BlockList, isIP } from 'node:net';

/**
 * Which peers may tell us who the client is (TRUST_PROXY), and the client address that follows from it.
 *
 * Every proxy appends the address it received the request from to X-Forwarded-For, so only the right-hand end
 * of the list was written by machines we know; everything to the left of the last trusted hop is whatever the
 * client chose to send. The client is therefore the right-most address not added by a trusted proxy, read from
 * the socket's peer leftwards (Express's `trust proxy` walks the list the same way).
 *
 * - `none`: no proxy; the socket's peer is the client and forwarding headers are ignored.
 * - `hops`: that many proxies stand in front of us (`TRUST_PROXY=1` for one load balancer or CDN).
 * - `addresses`: the peers whose word we take, by address or CIDR (`10.0.0.0/8,192.168.1.5`), or the
 *   ranges `loopback`, `linklocal`, `uniquelocal`; the walk stops at the first address outside them.
 */
export type ProxyTrust =
  | { readonly kind: 'none' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'addresses'; readonly addresses: readonly string[] };

export const NO_PROXY: ProxyTrust = { kind: 'none' };

/** Named ranges, as Express names them. */
const RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export class ProxyTrustError extends Error {}

/**
 * Parses TRUST_PROXY: `false`, `true` (one hop: the address the one proxy in front of us saw), a hop count, or a
 * comma list of addresses, CIDRs and range names. Throws ProxyTrustError naming the bad part.
 */
export function parseProxyTrust(text: string): ProxyTrust {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return NO_PROXY;
  // `true` used to mean "take the left-most X-Forwarded-For entry", which any client can write; one hop is
  // what a single proxy in front of the store actually vouches for.
  if (value === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) throw new ProxyTrustError('a hop count must be at most 32');
    return { kind: 'hops', hops };
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.length === 0) throw new ProxyTrustError('must not be empty');
  for (const entry of addresses) {
    if (!(entry in RANGES) && !parseCidr(entry))
      throw new ProxyTrustError(
        `'${entry.slice(0, 60)}' is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal`,
      );
  }
  return { kind: 'addresses', addresses };
}

/** `true`/`false` from older callers and tests mean one hop and none. */
export function toProxyTrust(trust: ProxyTrust | boolean): ProxyTrust {
  if (trust === true) return { kind: 'hops', hops: 1 };
  if (trust === false) return NO_PROXY;
  return trust;
}

/** Whether any forwarding header may be read at all. */
export function trustsAnyProxy(trust: ProxyTrust | boolean): boolean {
  const resolved = toProxyTrust(trust);
  return resolved.kind === 'addresses' || (resolved.kind === 'hops' && resolved.hops > 0);
}

function parseCidr(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

const lists = new WeakMap<object, BlockList>();

function listOf(trust: { addresses: readonly string[] }): BlockList {
  let list = lists.get(trust);
  if (!list) {
    list = new BlockList();
    for (const entry of trust.addresses)
      for (const cidr of RANGES[entry] ?? [entry]) {
        const parsed = parseCidr(cidr);
        if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
      }
    lists.set(trust, list);
  }
  return list;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1; brackets and zone ids go. */
export function normaliseAddress(address: string): string {
  let value = address.trim();
  if (value.startsWith('[') && value.includes(']')) value = value.slice(1, value.indexOf(']'));
  const zone = value.indexOf('%');
  if (zone > 0) value = value.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  if (mapped) return mapped[1]!;
  // Some proxies send `ip:port` for IPv4; the port says nothing about the client.
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (withPort) return withPort[1]!;
  return value.toLowerCase();
}

/** Whether the address at `position` (0: the socket's peer, 1: the right-most X-Forwarded-For entry, …) is a proxy we trust. */
function trusted(trust: ProxyTrust, address: string, position: number): boolean {
  if (trust.kind === 'hops') return position < trust.hops;
  if (trust.kind === 'addresses') {
    const version = isIP(address);
    return version !== 0 && listOf(trust).check(address, version === 4 ? 'ipv4' : 'ipv6');
  }
  return false;
}

/**
 * The client's address: from the socket's peer leftwards through X-Forwarded-For, the first address that is not
 * a trusted proxy (the left-most one when all are). '' when nothing is known.
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | null | undefined,
  trustSetting: ProxyTrust | boolean,
): string {
  const trust = toProxyTrust(trustSetting);
  const chain = [normaliseAddress(peer)];
  if (trustsAnyProxy(trust) && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((entry) => normaliseAddress(entry))
      .filter(Boolean);
    chain.push(...entries.reverse());
  }
  let position = 0;
  while (position < chain.length - 1 && trusted(trust, chain[position]!, position)) position++;
  // What a client wrote ends up in rate-limit keys and logs: never unbounded.
  return chain[position]!.slice(0, 64);
}

/** Whether the socket's peer is a proxy whose X-Forwarded-Proto may be believed. */
export function peerIsTrustedProxy(peer: string, trustSetting: ProxyTrust | boolean): boolean {
  const trust = toProxyTrust(trustSetting);
  if (trust.kind === 'hops') return trust.hops > 0;
  return trusted(trust, normaliseAddress(peer), 0);
}
