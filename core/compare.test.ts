import { describe, expect, it } from 'vitest';
import {
  chooseCompared,
  compareGroup,
  compareRows,
  compareSearchWithout,
  readCompareSlugs,
} from './compare.ts';

const candidate = (slug: string, category: string | null, found = true) => ({
  slug,
  category,
  product: found ? { slug } : null,
});

describe('readCompareSlugs', () => {
  it('keeps valid slugs once, lower-cased, in the order asked', () => {
    expect(
      readCompareSlugs(['Trail-22', 'bad slug', 'trail-22', ' peak-25 ', '', '-x', 'a'.repeat(130)]),
    ).toEqual(['trail-22', 'peak-25']);
  });
});

describe('compareGroup', () => {
  it('is the top of the category path', () => {
    expect(compareGroup('snowshoes/mens')).toBe('snowshoes');
    expect(compareGroup('poles')).toBe('poles');
    expect(compareGroup(null)).toBeNull();
    expect(compareGroup('')).toBeNull();
  });
});

describe('chooseCompared', () => {
  it('compares up to three products of one category in the order asked', () => {
    const result = chooseCompared([
      candidate('a', 'snowshoes/mens'),
      candidate('b', 'snowshoes/womens'),
      candidate('c', 'snowshoes'),
    ]);
    expect(result.chosen.map((entry) => entry.slug)).toEqual(['a', 'b', 'c']);
    expect(result.refused).toEqual([]);
    expect(result.group).toBe('snowshoes');
  });

  it('refuses a fourth product with its reason', () => {
    const result = chooseCompared([
      candidate('a', 'snowshoes'),
      candidate('b', 'snowshoes'),
      candidate('c', 'snowshoes'),
      candidate('d', 'snowshoes'),
    ]);
    expect(result.chosen.map((entry) => entry.slug)).toEqual(['a', 'b', 'c']);
    expect(result.refused).toEqual([{ kind: 'too-many', slug: 'd' }]);
  });

  it('refuses a product of another category, whatever the count, and one that is not sold', () => {
    const result = chooseCompared([
      candidate('gone', 'snowshoes', false),
      candidate('a', 'poles'),
      candidate('b', 'snowshoes/mens'),
      candidate('c', 'poles/trekking'),
    ]);
    expect(result.group).toBe('poles');
    expect(result.chosen.map((entry) => entry.slug)).toEqual(['a', 'c']);
    expect(result.refused).toEqual([
      { kind: 'unknown', slug: 'gone' },
      { kind: 'other-category', slug: 'b' },
    ]);
  });

  it('groups products without a category together and apart from the others', () => {
    const result = chooseCompared([candidate('a', null), candidate('b', null), candidate('c', 'poles')], 2);
    expect(result.chosen.map((entry) => entry.slug)).toEqual(['a', 'b']);
    expect(result.refused).toEqual([{ kind: 'other-category', slug: 'c' }]);
    expect(chooseCompared([])).toEqual({ chosen: [], refused: [], group: null });
  });
});

describe('compareRows', () => {
  it('lists every label in first-seen order and marks the rows whose values differ', () => {
    const rows = compareRows([
      [
        { label: 'Frame', value: 'Aluminium' },
        { label: 'Binding', value: 'Boa' },
      ],
      [
        { label: 'Binding', value: 'Boa' },
        { label: 'Frame', value: 'Steel' },
        { label: 'Crampon', value: 'Steel' },
      ],
    ]);
    expect(rows).toEqual([
      { label: 'Frame', values: ['Aluminium', 'Steel'], differs: true },
      { label: 'Binding', values: ['Boa', 'Boa'], differs: false },
      { label: 'Crampon', values: [null, 'Steel'], differs: true },
    ]);
  });

  it('finds nothing differing in a single column', () => {
    expect(compareRows([[{ label: 'Frame', value: 'Steel' }]])).toEqual([
      { label: 'Frame', values: ['Steel'], differs: false },
    ]);
  });
});

describe('compareSearchWithout', () => {
  it('drops one product from the query and keeps the others in order', () => {
    expect(compareSearchWithout(['a', 'b', 'c'], 'b')).toBe('?p=a&p=c');
    expect(compareSearchWithout(['a'], 'a')).toBe('');
  });
});
