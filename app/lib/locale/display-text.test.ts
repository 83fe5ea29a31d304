import { describe, expect, it } from 'vitest';
import { decodeDisplayText, encodeDisplayText } from './display-text.ts';

describe('display text on the wire', () => {
  it('round-trips the dictionary through one string', () => {
    const text = { 'cart.add': 'Ajouter au panier', 'cart.added': 'Ajouté !' };
    const json = encodeDisplayText(text);
    expect(typeof json).toBe('string');
    expect(decodeDisplayText(json)).toEqual(text);
  });

  it('encodes an unchanged dictionary once and decodes a string once', () => {
    const text = { greeting: 'Hej' };
    expect(encodeDisplayText(text)).toBe(encodeDisplayText(text));
    const json = encodeDisplayText(text);
    expect(decodeDisplayText(json)).toBe(decodeDisplayText(json));
  });

  it('reads a missing or malformed string as no text', () => {
    expect(decodeDisplayText(undefined)).toEqual({});
    expect(decodeDisplayText('{not json')).toEqual({});
    expect(decodeDisplayText('"a string"')).toEqual({});
  });

  it('keeps a bounded number of decoded dictionaries', () => {
    const first = encodeDisplayText({ key: 'v0' });
    const firstDecoded = decodeDisplayText(first);
    for (let index = 1; index <= 20; index++) decodeDisplayText(encodeDisplayText({ key: `v${index}` }));
    // Evicted, so decoded again into a new (equal) object.
    expect(decodeDisplayText(first)).not.toBe(firstDecoded);
    expect(decodeDisplayText(first)).toEqual({ key: 'v0' });
  });
});
