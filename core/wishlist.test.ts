import { describe, expect, it } from 'vitest';
import {
  mergeIntoAccount,
  parseIdList,
  readDeviceList,
  SHARE_TOKEN_PATTERN,
  toggleDeviceList,
  WISHLIST_LIMIT,
  type WishlistEntry,
} from './wishlist.ts';

const NOW = 1_800_000_000_000;
const entry = (
  productId: number,
  addedAt = NOW - productId,
  variantId: number | null = null,
): WishlistEntry => ({
  productId,
  variantId,
  addedAt,
});

describe('readDeviceList', () => {
  it('reads the stored JSON newest first', () => {
    const raw = JSON.stringify([entry(1, NOW - 50), entry(2, NOW - 10, 7)]);
    expect(readDeviceList(raw, NOW)).toEqual([entry(2, NOW - 10, 7), entry(1, NOW - 50)]);
  });

  it('gives an empty list for what is not a list', () => {
    expect(readDeviceList(null, NOW)).toEqual([]);
    expect(readDeviceList('{not json', NOW)).toEqual([]);
    expect(readDeviceList('{"productId":1}', NOW)).toEqual([]);
  });

  it('drops entries that are not a product, keeps a product once at its first save', () => {
    const list = readDeviceList(
      [
        null,
        'x',
        { productId: 0 },
        { productId: 1.5 },
        { productId: -3 },
        entry(4, NOW - 5),
        entry(4, NOW - 90),
      ],
      NOW,
    );
    expect(list).toEqual([entry(4, NOW - 90)]);
  });

  it('reads an unusable size or time as none and now', () => {
    expect(readDeviceList([{ productId: 9, variantId: 'big', addedAt: NOW + 1000 }], NOW)).toEqual([
      entry(9, NOW),
    ]);
    expect(readDeviceList([{ productId: 9, addedAt: Number.NaN }], NOW)).toEqual([entry(9, NOW)]);
  });

  it('keeps at most the limit', () => {
    const many = Array.from({ length: WISHLIST_LIMIT + 5 }, (_, index) => entry(index + 1));
    const list = readDeviceList(many, NOW);
    expect(list).toHaveLength(WISHLIST_LIMIT);
    expect(list[0]!.productId).toBe(1);
  });
});

describe('toggleDeviceList', () => {
  it('saves a product first in the list, with its size', () => {
    expect(toggleDeviceList([entry(1)], 2, true, NOW, 30)).toEqual({
      list: [entry(2, NOW, 30), entry(1)],
      full: false,
    });
  });

  it('leaves a product saved twice as it was', () => {
    const list = [entry(1), entry(2)];
    expect(toggleDeviceList(list, 2, true, NOW)).toEqual({ list, full: false });
  });

  it('removes a product', () => {
    expect(toggleDeviceList([entry(1), entry(2)], 1, false, NOW)).toEqual({ list: [entry(2)], full: false });
  });

  it('refuses a save past the limit, but not a removal', () => {
    const full = Array.from({ length: WISHLIST_LIMIT }, (_, index) => entry(index + 1));
    expect(toggleDeviceList(full, 500, true, NOW)).toEqual({ list: full, full: true });
    expect(toggleDeviceList(full, 1, false, NOW).list).toHaveLength(WISHLIST_LIMIT - 1);
  });
});

describe('mergeIntoAccount', () => {
  it('adds only what the account does not have, once, earliest save, newest first', () => {
    const merged = mergeIntoAccount(
      [{ productId: 1 }],
      [entry(1, NOW), entry(2, NOW - 100), entry(3, NOW - 10), entry(2, NOW - 300)],
    );
    expect(merged).toEqual([entry(3, NOW - 10), entry(2, NOW - 300)]);
  });

  it('adds nothing when every product is on the account already', () => {
    expect(mergeIntoAccount([{ productId: 1 }, { productId: 2 }], [entry(2), entry(1)])).toEqual([]);
  });

  it('adds as many as the limit leaves room for', () => {
    const account = Array.from({ length: WISHLIST_LIMIT - 2 }, (_, index) => ({ productId: index + 1 }));
    const merged = mergeIntoAccount(account, [
      entry(1000, NOW - 1),
      entry(1001, NOW - 2),
      entry(1002, NOW - 3),
    ]);
    expect(merged.map((item) => item.productId)).toEqual([1000, 1001]);
    const over = Array.from({ length: WISHLIST_LIMIT + 1 }, (_, index) => ({ productId: index + 1 }));
    expect(mergeIntoAccount(over, [entry(2000)])).toEqual([]);
  });
});

describe('parseIdList', () => {
  it('reads positive ids once, in order, ignoring the rest', () => {
    expect(parseIdList('3,17, 5,x,0,3,-2,1.5,1234567890')).toEqual([3, 17, 5]);
  });

  it('reads nothing from an absent or empty parameter', () => {
    expect(parseIdList(null)).toEqual([]);
    expect(parseIdList('')).toEqual([]);
  });

  it('stops at the limit', () => {
    const ids = Array.from({ length: WISHLIST_LIMIT + 10 }, (_, index) => index + 1).join(',');
    expect(parseIdList(ids)).toHaveLength(WISHLIST_LIMIT);
  });
});

describe('share tokens', () => {
  it('are 24 URL-safe characters', () => {
    expect(SHARE_TOKEN_PATTERN.test('abcdefghijklmnopqrstuv_-')).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test('abc')).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test('abcdefghijklmnopqrstuv/=')).toBe(false);
  });
});
