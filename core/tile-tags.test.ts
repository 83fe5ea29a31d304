import { describe, expect, it } from 'vitest';
import { isFlagSet, type TileTagInput, tileTag, tileTags } from './tile-tags.ts';

const onSale = { calculatedPrice: { value: 179 }, retailPrice: { value: 229 } };
const fullPrice = { calculatedPrice: { value: 229 }, retailPrice: { value: 229 } };
const base: TileTagInput = { shoppingRegion: true, isPro: false, isAddOn: false, commerce: onSale };

describe('§4 sale tag', () => {
  it('shows in a shopping region, for non-pro customers, outside the add-on grid, below retail price', () => {
    expect(tileTags(base)).toEqual({ sale: true, new: false, redesigned: false });
  });

  it('does not show outside a shopping region', () => {
    expect(tileTags({ ...base, shoppingRegion: false }).sale).toBe(false);
  });

  it('never shows to pro customers (§6)', () => {
    expect(tileTags({ ...base, isPro: true }).sale).toBe(false);
  });

  it('does not show in the add-on grid', () => {
    expect(tileTags({ ...base, isAddOn: true }).sale).toBe(false);
  });

  it('needs the calculated price strictly below the retail price', () => {
    expect(tileTags({ ...base, commerce: fullPrice }).sale).toBe(false);
    expect(
      tileTags({ ...base, commerce: { calculatedPrice: { value: 300 }, retailPrice: { value: 229 } } }).sale,
    ).toBe(false);
    expect(tileTags({ ...base, commerce: { calculatedPrice: { value: 100 }, retailPrice: null } }).sale).toBe(
      false,
    );
    expect(tileTags({ ...base, commerce: { retailPrice: { value: 100 } } }).sale).toBe(false);
    expect(tileTags({ ...base, commerce: null }).sale).toBe(false);
  });
});

describe('§4 new tag', () => {
  it("shows from isNew or is_new equal to 'True' or 'Yes'", () => {
    expect(tileTags({ ...base, commerce: { ...fullPrice, isNew: true } }).new).toBe(true);
    expect(tileTags({ ...base, commerce: fullPrice, content: { is_new: 'True' } }).new).toBe(true);
    expect(tileTags({ ...base, commerce: fullPrice, content: { is_new: { value: 'Yes' } } }).new).toBe(true);
  });

  it('does not show when the product is on sale', () => {
    expect(tileTags({ ...base, commerce: { ...onSale, isNew: true } })).toEqual({
      sale: true,
      new: false,
      redesigned: false,
    });
  });

  it('does not show in the add-on grid', () => {
    expect(tileTags({ ...base, isAddOn: true, commerce: { ...fullPrice, isNew: true } }).new).toBe(false);
  });

  it.each([['true'], ['yes'], ['False'], ['No'], [''], [null], [{ value: null }], [{}]])(
    'is not set by %j',
    (flag) => {
      expect(isFlagSet(flag as never)).toBe(false);
      expect(tileTags({ ...base, commerce: fullPrice, content: { is_new: flag as never } }).new).toBe(false);
    },
  );

  it('shows for a pro customer or outside a shopping region, where there is no sale tag', () => {
    expect(tileTags({ ...base, isPro: true, commerce: { ...onSale, isNew: true } }).new).toBe(true);
  });
});

describe('§4 redesigned tag', () => {
  it("shows from isRedesigned or is_redesigned equal to 'True' or 'Yes'", () => {
    expect(tileTags({ ...base, commerce: { ...fullPrice, isRedesigned: true } }).redesigned).toBe(true);
    expect(tileTags({ ...base, commerce: fullPrice, content: { is_redesigned: 'Yes' } }).redesigned).toBe(
      true,
    );
  });

  it('shows only if not on sale and not new', () => {
    expect(tileTags({ ...base, commerce: { ...onSale, isRedesigned: true } }).redesigned).toBe(false);
    const both = { ...base, commerce: { ...fullPrice, isNew: true, isRedesigned: true } };
    expect(tileTags(both)).toEqual({ sale: false, new: true, redesigned: false });
  });

  it('has no add-on condition of its own', () => {
    expect(
      tileTags({ ...base, isAddOn: true, commerce: { ...fullPrice, isRedesigned: true } }).redesigned,
    ).toBe(true);
  });

  it('is off with no flags at all', () => {
    expect(tileTags({ ...base, commerce: fullPrice })).toEqual({
      sale: false,
      new: false,
      redesigned: false,
    });
  });
});

describe('§4 the single tag a tile shows', () => {
  it('follows sale, then new, then redesigned', () => {
    expect(tileTag(base)).toBe('sale');
    expect(tileTag({ ...base, commerce: { ...fullPrice, isNew: true } })).toBe('new');
    expect(tileTag({ ...base, commerce: { ...fullPrice, isRedesigned: true } })).toBe('redesigned');
    expect(tileTag({ ...base, commerce: fullPrice })).toBeNull();
  });
});
