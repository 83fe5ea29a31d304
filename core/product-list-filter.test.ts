import { describe, expect, it } from 'vitest';
import { PRODUCT_LIST_DEFAULT_LIMIT, parseProductListFilter } from './product-list-filter.ts';

describe('parseProductListFilter', () => {
  const parse = (query: string) => parseProductListFilter(new URLSearchParams(query));

  it('treats empty fields as no filter and applies the default page size', () => {
    const result = parse('q=&category=&published=&stock=&after=');
    expect(result.success && result.data).toEqual({ limit: PRODUCT_LIST_DEFAULT_LIMIT });
  });

  it('reads every filter', () => {
    const result = parse(
      'q=+Summit+&category=12&published=no&stock=low&isNew=yes&redesigned=no&onSale=yes&after=40&limit=10',
    );
    expect(result.success && result.data).toEqual({
      q: 'Summit',
      category: 12,
      published: false,
      stock: 'low',
      isNew: true,
      redesigned: false,
      onSale: true,
      after: 40,
      limit: 10,
    });
  });

  it('names the field of a bad value', () => {
    for (const [query, field] of [
      ['stock=some', 'stock'],
      ['published=maybe', 'published'],
      ['category=-1', 'category'],
      ['after=x', 'after'],
      ['limit=5000', 'limit'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const result = parse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe(field);
    }
  });
});
