import { describe, expect, it } from 'vitest';
import { mergeVary } from './vary.ts';

describe('mergeVary', () => {
  it('adds names to no Vary at all', () => {
    expect(mergeVary(null, ['Accept-Encoding'])).toBe('Accept-Encoding');
    expect(mergeVary(undefined, ['Cookie'])).toBe('Cookie');
  });

  it('keeps each name once, whatever its case, in first-seen order, and drops empty parts', () => {
    expect(mergeVary('Cookie, ,accept-encoding', ['Accept-Encoding', 'Accept-Language', 'cookie'])).toBe(
      'Cookie, accept-encoding, Accept-Language',
    );
  });

  it('never widens a *', () => {
    expect(mergeVary('*', ['Cookie'])).toBe('*');
    expect(mergeVary('Cookie', ['*'])).toBe('*');
  });
});
