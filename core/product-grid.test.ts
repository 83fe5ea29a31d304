import { describe, expect, it } from 'vitest';
import {
  cardsPerSlide,
  GRID_SLIDER,
  gridProducts,
  isGridProduct,
  newlyShown,
  placeholderCount,
} from './product-grid.ts';

describe('§2 product grid admission', () => {
  const ok = { title: 'Trail 24', url: '/trail-24', commerce: { id: 101 } };

  it('shows products with a title, a url and a commerce record', () => {
    expect(isGridProduct(ok)).toBe(true);
  });

  it.each([
    ['no title', { ...ok, title: '' }],
    ['blank title', { ...ok, title: '  ' }],
    ['no url', { ...ok, url: null }],
    ['no commerce record', { ...ok, commerce: undefined }],
  ])('leaves out a product with %s', (_, product) => {
    expect(isGridProduct(product)).toBe(false);
  });

  it('filters a list, dropping empty entries', () => {
    expect(gridProducts([ok, null, { ...ok, commerce: null }, undefined])).toEqual([ok]);
  });
});

describe('§2 loading placeholders', () => {
  it('shows 6 by default and 4 in slider mode', () => {
    expect(placeholderCount()).toBe(6);
    expect(placeholderCount({ slider: true })).toBe(4);
  });

  it('honours an explicit count and ignores a bad one', () => {
    expect(placeholderCount({ count: 8 })).toBe(8);
    expect(placeholderCount({ count: 0, slider: true })).toBe(0);
    expect(placeholderCount({ count: -1 })).toBe(6);
    expect(placeholderCount({ count: 2.5, slider: true })).toBe(4);
  });
});

describe('§2 grid slider', () => {
  it('shows 1 card under 600px, 2 from 600px, 4 from 900px', () => {
    expect(cardsPerSlide(0)).toBe(1);
    expect(cardsPerSlide(599)).toBe(1);
    expect(cardsPerSlide(600)).toBe(2);
    expect(cardsPerSlide(899)).toBe(2);
    expect(cardsPerSlide(900)).toBe(4);
    expect(cardsPerSlide(-5)).toBe(1);
  });

  it('spaces cards 10px apart and does not loop', () => {
    expect(GRID_SLIDER.spaceBetween).toBe(10);
    expect(GRID_SLIDER.loop).toBe(false);
  });
});

describe('view_item_list reports each product shown once per list', () => {
  it('reports what show more adds after the list, or show previous before it', () => {
    expect(newlyShown(['a', 'b'], ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    expect(newlyShown(['c', 'd'], ['a', 'b', 'c', 'd'])).toEqual(['a', 'b']);
  });
  it('reports a whole list the first time, and a list that is another one (new filters)', () => {
    expect(newlyShown([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(newlyShown(['a', 'b'], ['b', 'x', 'y'])).toEqual(['b', 'x', 'y']);
    expect(newlyShown(['a', 'b', 'c'], ['a'])).toEqual(['a']);
  });
  it('reports nothing for the same list', () => {
    expect(newlyShown(['a', 'b'], ['a', 'b'])).toEqual([]);
  });
});
