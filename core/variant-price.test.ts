import { describe, expect, it } from 'vitest';
import {
  priceSpan,
  type ShopperPrice,
  type StoredPrice,
  saleInForce,
  variantPrice,
} from './variant-price.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-12-07T12:00:00Z');
const product: StoredPrice = { retail: 179.95, sale: null, saleStartsAt: null, saleEndsAt: null };
const xl: StoredPrice = { retail: 199.95, sale: null, saleStartsAt: null, saleEndsAt: null };
const tenOff = (price: number) => Math.round(price * 90) / 100;

describe('saleInForce', () => {
  const sale = (starts: string | null, ends: string | null): StoredPrice => ({
    retail: 100,
    sale: 80,
    saleStartsAt: starts ? at(starts) : null,
    saleEndsAt: ends ? at(ends) : null,
  });

  it('is null without a sale price, even inside a window', () => {
    expect(saleInForce({ ...sale('2026-12-01T00:00:00Z', null), sale: null }, now)).toBeNull();
  });

  it('counts an open sale (no start, no end)', () => {
    expect(saleInForce(sale(null, null), now)).toBe(80);
  });

  it('starts at its start: not a millisecond before, exactly at it and after', () => {
    expect(saleInForce(sale('2026-12-07T12:00:00.001Z', null), now)).toBeNull();
    expect(saleInForce(sale('2026-12-07T12:00:00Z', null), now)).toBe(80);
    expect(saleInForce(sale('2026-12-07T11:59:59.999Z', null), now)).toBe(80);
  });

  it('ends at its end: in force just before, over exactly at it and after', () => {
    expect(saleInForce(sale(null, '2026-12-07T12:00:00.001Z'), now)).toBe(80);
    expect(saleInForce(sale(null, '2026-12-07T12:00:00Z'), now)).toBeNull();
    expect(saleInForce(sale(null, '2026-12-07T11:59:59.999Z'), now)).toBeNull();
  });

  it('needs both sides of a window', () => {
    expect(saleInForce(sale('2026-12-01T00:00:00Z', '2026-12-24T00:00:00Z'), now)).toBe(80);
    expect(saleInForce(sale('2026-12-08T00:00:00Z', '2026-12-24T00:00:00Z'), now)).toBeNull();
    expect(saleInForce(sale('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'), now)).toBeNull();
  });
});

describe('variantPrice', () => {
  it('costs the product price without a price of its own', () => {
    expect(variantPrice(product, null, now)).toEqual({
      retail: 179.95,
      sale: null,
      calculated: 179.95,
      own: false,
    });
  });

  it("takes the variant's own retail price over the product's", () => {
    expect(variantPrice(product, xl, now)).toEqual({
      retail: 199.95,
      sale: null,
      calculated: 199.95,
      own: true,
    });
  });

  it("replaces the product's price as a whole: the product's sale does not reach a variant with its own price", () => {
    const onSale = { ...product, sale: 149.95 };
    expect(variantPrice(onSale, null, now)).toMatchObject({ sale: 149.95, calculated: 149.95 });
    expect(variantPrice(onSale, xl, now)).toMatchObject({ retail: 199.95, sale: null, calculated: 199.95 });
  });

  it("applies the variant's own sale by its window", () => {
    const own = {
      ...xl,
      sale: 169.95,
      saleStartsAt: at('2026-12-07T12:00:00Z'),
      saleEndsAt: at('2026-12-08T00:00:00Z'),
    };
    expect(variantPrice(product, own, now).calculated).toBe(169.95);
    expect(variantPrice(product, own, at('2026-12-07T11:59:59Z')).calculated).toBe(199.95);
    expect(variantPrice(product, own, at('2026-12-08T00:00:00Z')).calculated).toBe(199.95);
  });

  it('puts the group rule on top of the sale in force, else on retail', () => {
    expect(variantPrice(product, xl, now, tenOff)).toMatchObject({ retail: 199.95, calculated: 179.96 });
    const own = { ...xl, sale: 180 };
    expect(variantPrice(product, own, now, tenOff)).toMatchObject({
      retail: 199.95,
      sale: 180,
      calculated: 162,
    });
    expect(variantPrice({ ...product, sale: 100 }, null, now, tenOff).calculated).toBe(90);
  });
});

describe('priceSpan', () => {
  const price = (calculated: number, retail = calculated): ShopperPrice => ({
    retail,
    sale: calculated < retail ? calculated : null,
    calculated,
    own: false,
  });

  it('is null for no prices', () => {
    expect(priceSpan([])).toBeNull();
  });

  it('does not vary for one price or equal prices', () => {
    expect(priceSpan([price(10)])).toEqual({ lowest: price(10), highest: price(10), varies: false });
    expect(priceSpan([price(10), price(10)])?.varies).toBe(false);
  });

  it('finds the lowest and highest wherever they sit', () => {
    const span = priceSpan([price(20), price(10), price(30), price(15)]);
    expect(span).toMatchObject({ lowest: price(10), highest: price(30), varies: true });
  });

  it('varies when only the retail price differs, and a tie goes to the lower retail price', () => {
    const span = priceSpan([price(10, 12), price(10, 10), price(10, 15)]);
    expect(span?.varies).toBe(true);
    expect(span?.lowest).toEqual(price(10, 10));
    expect(priceSpan([price(10, 10), price(10, 12)])?.lowest).toEqual(price(10, 10));
  });
});
