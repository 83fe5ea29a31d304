import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; consent=analytics%3Dgranted; b=2', 'consent')).toBe('analytics=granted');
  });

  it('answers null for a missing cookie, no header or a broken encoding', () => {
    expect(readCookie('a=1', 'consent')).toBeNull();
    expect(readCookie(null, 'consent')).toBeNull();
    expect(readCookie('consent=%E0%A4%A', 'consent')).toBeNull();
    expect(readCookie('consentx=1; junk', 'consent')).toBeNull();
  });
});
