import { describe, expect, it } from 'vitest';
import { parseCookies, readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others and percent-decodes it', () => {
    expect(readCookie('a=1; consent=analytics%3Dgranted; b=2', 'consent')).toBe('analytics=granted');
    expect(readCookie('  rl_session = abc ;x=1', 'rl_session')).toBe('abc');
  });

  it('answers null for a missing cookie, no header, an empty header or a broken encoding', () => {
    expect(readCookie('a=1', 'consent')).toBeNull();
    expect(readCookie(null, 'consent')).toBeNull();
    expect(readCookie(undefined, 'consent')).toBeNull();
    expect(readCookie('', 'consent')).toBeNull();
    expect(readCookie('consent=%E0%A4%A', 'consent')).toBeNull();
    expect(readCookie('consentx=1; junk', 'consent')).toBeNull();
  });

  it('keeps the first of two cookies with one name, even when the first is unreadable', () => {
    expect(readCookie('rl_session=first; rl_session=second', 'rl_session')).toBe('first');
    expect(readCookie('rl_session=%E0%A4%A; rl_session=second', 'rl_session')).toBeNull();
  });

  it('strips double quotes around a value and keeps = inside values', () => {
    expect(readCookie('a="quoted"', 'a')).toBe('quoted');
    expect(readCookie('a="', 'a')).toBe('"');
    expect(readCookie('a=b=c', 'a')).toBe('b=c');
    expect(readCookie('a=', 'a')).toBe('');
  });
});

describe('parseCookies', () => {
  it('maps every readable cookie and skips pairs without a name or =', () => {
    const cookies = parseCookies('a=1; =2; junk; b=x%20y; c=%E0%A4%A; a=3');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
    ]);
    expect(parseCookies(null).size).toBe(0);
  });
});
