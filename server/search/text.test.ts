import { describe, expect, it } from 'vitest';
import {
  configFor,
  correctedQuery,
  corrections,
  editDistance,
  escapeHtml,
  ngramText,
  plainText,
  snippet,
  type Vocabulary,
  words,
} from './text.ts';

const vocabulary = (list: Record<string, number>): Vocabulary => {
  const map = new Map(Object.entries(list));
  return { has: (term) => map.has(term), entries: () => map.entries() };
};

describe('search text rules', () => {
  it('stems each of the eight content locales with its own configuration, Japanese by n-grams', () => {
    expect(['en-us', 'fr', 'de', 'ja', 'sv', 'no', 'es', 'it'].map(configFor)).toEqual([
      'english',
      'french',
      'german',
      'simple',
      'swedish',
      'norwegian',
      'spanish',
      'italian',
    ]);
    expect(configFor('xx')).toBe('simple');
    expect(ngramText('キッズ スノーシュー').trim().split(/\s+/)).toEqual([
      'キッ',
      'ッズ',
      'スノ',
      'ノー',
      'ーシ',
      'シュ',
      'ュー',
    ]);
    expect(ngramText('Aspen 雪').split(/\s+/).filter(Boolean)).toEqual(['Aspen', '雪']);
  });

  it('reads words in lower case without possessives', () => {
    expect(words("Women's Trail-Snowshoe, 25 in")).toEqual(['women', 'trail', 'snowshoe', '25', 'in']);
  });

  it('measures edit distance with transpositions and stops past the budget', () => {
    expect(editDistance('snowshoe', 'snowshoe')).toBe(0);
    expect(editDistance('snowhsoe', 'snowshoe')).toBe(1);
    expect(editDistance('snowsho', 'snowshoe')).toBe(1);
    expect(editDistance('gaiter', 'poles', 2)).toBe(3);
  });

  it('corrects unknown words of short queries only, preferring frequent words', () => {
    const known = vocabulary({ snowshoe: 40, snowshoes: 12, women: 9, poles: 5, pole: 2 });
    expect(corrections('snowshoo', known)).toEqual(new Map([['snowshoo', 'snowshoe']]));
    expect(corrections('women snowshoe', known).size).toBe(0);
    expect(corrections('womens', known).size).toBe(0);
    expect(corrections('poel', known)).toEqual(new Map([['poel', 'pole']]));
    expect(corrections('a b c snowshoo', known).size).toBe(0);
    expect(corrections('ski', known).size).toBe(0);
    expect(correctedQuery('Snowshoo women', new Map([['snowshoo', 'snowshoe']]))).toBe('snowshoe women');
  });

  it('builds escaped snippets with matches in <em>', () => {
    const text = '<p>A light <b>snowshoe</b> for packed trails & fresh <script>x</script>snow.</p>';
    expect(plainText(text)).toBe('A light snowshoe for packed trails & fresh x snow.');
    expect(snippet(text, 'snowshoes')).toBe(
      'A light <em>snowshoe</em> for packed trails &amp; fresh x snow.',
    );
    expect(snippet('nothing here', 'gaiter', 100, false)).toBeNull();
    expect(snippet('nothing here', 'gaiter', 100, true)).toBe('nothing here');
    const long = `${'word '.repeat(60)}crampon teeth bite into ice ${'more '.repeat(60)}`;
    const cut = snippet(long, 'crampons', 60)!;
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('<em>crampon</em>');
    expect(escapeHtml('<img onerror="x">')).toBe('&lt;img onerror=&quot;x&quot;&gt;');
  });
});
