import { describe, expect, it } from 'vitest';
import { isSafeAssetName, parseRequestedName } from './asset-name.ts';

describe('asset names (path safety)', () => {
  it.each(['ridgeline-summit-trail-mens-summit-red', 'banner-powder-day', 'hero.jpg', 'a', 'A_b-9.png'])(
    'accepts %s',
    (name) => {
      expect(isSafeAssetName(name)).toBe(true);
    },
  );

  it.each([
    '',
    '..',
    '../etc/passwd',
    '..%2Fetc',
    'a..b',
    '.hidden',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    '..\\..\\x',
    'a/b',
    'http://169.254.169.254/latest',
    'https:',
    'a b',
    'a\0b',
    'x'.repeat(129),
    'ä',
  ])('refuses %j', (name) => {
    expect(isSafeAssetName(name)).toBe(false);
    if (name) expect(() => parseRequestedName(name)).toThrow(/file name/);
  });

  it('splits an image extension into an implied format and .json into a metadata request', () => {
    expect(parseRequestedName('hero.jpg')).toEqual({ id: 'hero', impliedFormat: 'jpeg', json: false });
    expect(parseRequestedName('hero.webp')).toEqual({ id: 'hero', impliedFormat: 'webp', json: false });
    expect(parseRequestedName('hero.json')).toEqual({ id: 'hero', json: true });
    expect(parseRequestedName('hero.svg')).toEqual({ id: 'hero', json: false });
    expect(parseRequestedName('hero')).toEqual({ id: 'hero', json: false });
    expect(parseRequestedName('v1.2')).toEqual({ id: 'v1.2', json: false });
  });
});
