import { describe, expect, it } from 'vitest';
import {
  isManualProductVisible,
  pickAutomatedRelated,
  RELATED_PRODUCTS,
  relatedProducts,
} from './related-products.ts';

const p = (uid: string, id?: number) => ({ uid, id });

describe('§5 related products exclude the current product and duplicates', () => {
  it('drops the current product by uid or by commerce id', () => {
    expect(relatedProducts([p('a', 1), p('b', 2), p('c', 3)], { uid: 'b' }).map((x) => x.uid)).toEqual([
      'a',
      'c',
    ]);
    expect(relatedProducts([{ id: 1 }, { id: 2 }], { id: '2' })).toEqual([{ id: 1 }]);
  });

  it('lists each product once, keeping the first', () => {
    const list = [p('a', 1), p('b', 2), p('a', 1), { id: 2 }, { id: 2 }];
    expect(relatedProducts(list, null)).toEqual([p('a', 1), p('b', 2), { id: 2 }]);
  });

  it('drops entries with neither uid nor id', () => {
    expect(relatedProducts([{}, { uid: '', id: '' }, p('x')], undefined)).toEqual([p('x')]);
  });

  it('limits to 8 by default (§9)', () => {
    const many = Array.from({ length: 12 }, (_, i) => p(`u${i}`));
    expect(RELATED_PRODUCTS).toMatchObject({
      limit: 8,
      uidLimit: 4,
      gridLimit: 4,
      title: 'Related Products',
    });
    expect(relatedProducts(many, null)).toHaveLength(8);
    expect(relatedProducts(many, null, RELATED_PRODUCTS.uidLimit)).toHaveLength(4);
  });
});

describe('§9 automated related products chosen randomly across categories', () => {
  it('pools categories, removes the current product and duplicates, and limits', () => {
    const picked = pickAutomatedRelated(
      [
        [p('a'), p('cur')],
        [p('b'), p('a'), p('c')],
      ],
      { uid: 'cur' },
      2,
      () => 0,
    );
    expect(picked).toHaveLength(2);
    for (const product of picked) expect(['a', 'b', 'c']).toContain(product.uid);
    expect(new Set(picked.map((x) => x.uid)).size).toBe(2);
  });

  it('draws a different order from a different random source', () => {
    const pool = [[p('a'), p('b'), p('c'), p('d')]];
    const first = pickAutomatedRelated(pool, null, 4, () => 0).map((x) => x.uid);
    const last = pickAutomatedRelated(pool, null, 4, () => 0.99).map((x) => x.uid);
    expect(first).not.toEqual(last);
    expect([...first].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('uses Math.random and the default limit when not given', () => {
    const pool = [Array.from({ length: 20 }, (_, i) => p(`u${i}`))];
    expect(pickAutomatedRelated(pool, null)).toHaveLength(8);
  });
});

describe('§5 manual related product visibility', () => {
  const manual = {
    title: 'Trail Poles',
    url: '/trail-poles',
    regions: ['us', 'ca'],
    bc_products: { us: { id: 9 } },
  };

  it('shows a product with a title, a url, the content region and a commerce record for the commerce region', () => {
    expect(isManualProductVisible(manual, 'us', 'us')).toBe(true);
  });

  it('hides it without a title or url', () => {
    expect(isManualProductVisible({ ...manual, title: ' ' }, 'us', 'us')).toBe(false);
    expect(isManualProductVisible({ ...manual, url: undefined }, 'us', 'us')).toBe(false);
    expect(isManualProductVisible(null, 'us', 'us')).toBe(false);
  });

  it('hides it when its regions do not list the content region', () => {
    expect(isManualProductVisible(manual, 'eu_region_1', 'us')).toBe(false);
    expect(isManualProductVisible({ ...manual, regions: null }, 'us', 'us')).toBe(false);
  });

  it('hides it without a commerce record for the commerce region', () => {
    expect(isManualProductVisible(manual, 'ca', 'ca')).toBe(false);
    expect(isManualProductVisible({ ...manual, bc_products: null }, 'us', 'us')).toBe(false);
  });
});
