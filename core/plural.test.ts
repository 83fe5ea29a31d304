import { describe, expect, it } from 'vitest';
import { pluralCategory, pluralKey } from './plural.ts';

describe('plural forms of display text', () => {
  const dictionary = new Set(['items count', 'items count one']);
  const has = (key: string) => dictionary.has(key);

  it('picks the one form for 1 in English, German, Swedish, Norwegian, Spanish and Italian', () => {
    for (const language of ['en', 'de', 'sv', 'no', 'es', 'it']) {
      expect(pluralKey('items count', 1, language, has)).toBe('items count one');
      expect(pluralKey('items count', 2, language, has)).toBe('items count');
      expect(pluralKey('items count', 0, language, has)).toBe('items count');
    }
  });

  it('counts 0 as one in French and never uses one in Japanese', () => {
    expect(pluralKey('items count', 0, 'fr', has)).toBe('items count one');
    expect(pluralCategory(1, 'ja')).toBe('other');
    expect(pluralKey('items count', 1, 'ja', has)).toBe('items count');
  });

  it('falls back to the plain key without a form, and to English rules for an unknown language', () => {
    expect(pluralKey('results', 1, 'en', has)).toBe('results');
    expect(pluralCategory(1, 'not a language!')).toBe('one');
  });
});
