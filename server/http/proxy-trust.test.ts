import { describe, expect, it } from 'vitest';
import { normaliseAddress, parseProxyTrust, resolveClientAddress } from './proxy-trust.ts';

describe('parseProxyTrust', () => {
  it('reads false, true (one hop), hop counts and address lists', () => {
    expect(parseProxyTrust('false')).toEqual({ kind: 'none' });
    expect(parseProxyTrust('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseProxyTrust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseProxyTrust('10.0.0.0/8, ::1 ,loopback')).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '::1', 'loopback'],
    });
  });
  it.each(['', 'yes', '10.0.0.0/33', '1.2.3', '::1/129', '100'])('refuses %j', (value) => {
    expect(() => parseProxyTrust(value)).toThrow();
  });
});

describe('resolveClientAddress', () => {
  const xff = '6.6.6.6, 198.51.100.1, 10.0.0.5';
  it('without a trusted proxy is the peer', () => {
    expect(resolveClientAddress('192.0.2.9', xff, parseProxyTrust('false'))).toBe('192.0.2.9');
  });
  it('counts hops from the right', () => {
    expect(resolveClientAddress('192.0.2.9', xff, parseProxyTrust('true'))).toBe('10.0.0.5');
    expect(resolveClientAddress('192.0.2.9', xff, parseProxyTrust('2'))).toBe('198.51.100.1');
    // More hops than entries: the left-most is all there is.
    expect(resolveClientAddress('192.0.2.9', xff, parseProxyTrust('9'))).toBe('6.6.6.6');
  });
  it('walks through trusted addresses only', () => {
    const trust = parseProxyTrust('192.0.2.0/24,10.0.0.0/8');
    expect(resolveClientAddress('192.0.2.9', xff, trust)).toBe('198.51.100.1');
    expect(resolveClientAddress('203.0.113.1', xff, trust)).toBe('203.0.113.1');
    expect(resolveClientAddress('::ffff:192.0.2.9', '198.51.100.7', trust)).toBe('198.51.100.7');
  });
  it('normalises mapped, bracketed and ported addresses and bounds junk', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('198.51.100.1:5555')).toBe('198.51.100.1');
    expect(resolveClientAddress('', 'x'.repeat(500), true)).toHaveLength(64);
  });
});
