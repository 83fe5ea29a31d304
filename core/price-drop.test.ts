import { describe, expect, it } from 'vitest';
import { alertVerdict, minorUnits, type WatchedSize, watchedState } from './price-drop.ts';

const NOW = new Date('2026-12-07T12:00:00Z');
const DAY = 24 * 3_600_000;
const price = (
  retail: number,
  sale: number | null = null,
  startsAt: string | null = null,
  endsAt: string | null = null,
) => ({
  retail,
  sale,
  saleStartsAt: startsAt ? new Date(startsAt) : null,
  saleEndsAt: endsAt ? new Date(endsAt) : null,
});
const size = (over: Partial<WatchedSize> = {}): WatchedSize => ({
  product: price(200),
  own: null,
  inStock: true,
  ...over,
});
const baseline = (over: Partial<Parameters<typeof alertVerdict>[0]> = {}) => ({
  price: 200,
  currency: 'USD',
  inStock: true,
  mailedAt: null,
  ...over,
});

describe('watchedState: what the customer would pay now', () => {
  it('is null when no size is priced in the region', () => {
    expect(watchedState([], 'USD', NOW)).toBeNull();
  });

  it("takes the size's own price over the product's, with the group's rule on top", () => {
    const state = watchedState([size({ own: price(250) })], 'EUR', NOW, (amount) => amount * 0.9);
    expect(state).toEqual({ price: 225, currency: 'EUR', inStock: true });
  });

  it('counts a sale only inside its window', () => {
    const open = size({ product: price(200, 150, '2026-12-07T00:00:00Z', '2026-12-08T00:00:00Z') });
    const later = size({ product: price(200, 150, '2026-12-08T00:00:00Z', null) });
    const over = size({ product: price(200, 150, null, '2026-12-07T12:00:00Z') });
    expect(watchedState([open], 'USD', NOW)?.price).toBe(150);
    expect(watchedState([later], 'USD', NOW)?.price).toBe(200);
    expect(watchedState([over], 'USD', NOW)?.price).toBe(200);
  });

  it('for any size: the lowest price of the sizes in stock, and in stock when one is', () => {
    const sizes = [
      size({ own: price(180), inStock: false }),
      size({ own: price(210) }),
      size({ own: price(230) }),
    ];
    expect(watchedState(sizes, 'USD', NOW)).toEqual({ price: 210, currency: 'USD', inStock: true });
  });

  it('for any size all sold out: the lowest price, not in stock', () => {
    const sizes = [size({ own: price(180), inStock: false }), size({ inStock: false })];
    expect(watchedState(sizes, 'USD', NOW)).toEqual({ price: 180, currency: 'USD', inStock: false });
  });
});

describe('alertVerdict: when a drop or a return is mailed', () => {
  it('mails a drop below the baseline, naming both prices', () => {
    expect(alertVerdict(baseline(), { price: 180, currency: 'USD', inStock: true }, NOW, DAY)).toEqual({
      mail: 'price-drop',
      from: 200,
      to: 180,
    });
  });

  it('mails nothing for the same price, a rise, or nothing priced', () => {
    expect(alertVerdict(baseline(), { price: 200, currency: 'USD', inStock: true }, NOW, DAY)).toEqual({
      mail: null,
      held: false,
    });
    expect(
      alertVerdict(baseline(), { price: 220, currency: 'USD', inStock: true }, NOW, DAY).mail,
    ).toBeNull();
    expect(alertVerdict(baseline(), null, NOW, DAY)).toEqual({ mail: null, held: false });
  });

  it('compares in cents: a group rule leaving 199.996 is no drop from 200, 199.99 is', () => {
    expect(minorUnits(199.996)).toBe(20000);
    expect(
      alertVerdict(baseline(), { price: 199.996, currency: 'USD', inStock: true }, NOW, DAY).mail,
    ).toBeNull();
    expect(alertVerdict(baseline(), { price: 199.99, currency: 'USD', inStock: true }, NOW, DAY).mail).toBe(
      'price-drop',
    );
    expect(minorUnits(1999, 0)).toBe(1999);
  });

  it('is no drop when the currency differs from the baseline (the region changed currency)', () => {
    expect(
      alertVerdict(baseline(), { price: 150, currency: 'CAD', inStock: true }, NOW, DAY).mail,
    ).toBeNull();
  });

  it('mails a size that was sold out and is back, and not one that stayed in or out of stock', () => {
    expect(
      alertVerdict(baseline({ inStock: false }), { price: 200, currency: 'USD', inStock: true }, NOW, DAY),
    ).toEqual({ mail: 'back-in-stock' });
    expect(
      alertVerdict(baseline({ inStock: false }), { price: 200, currency: 'USD', inStock: false }, NOW, DAY)
        .mail,
    ).toBeNull();
  });

  it('mails a drop that comes with the return as the drop', () => {
    expect(
      alertVerdict(baseline({ inStock: false }), { price: 150, currency: 'USD', inStock: true }, NOW, DAY)
        .mail,
    ).toBe('price-drop');
  });

  it('holds a second mail within the interval, and sends it once the interval has passed', () => {
    const state = { price: 150, currency: 'USD', inStock: true };
    const recent = baseline({ mailedAt: new Date(NOW.getTime() - DAY + 1) });
    const dayAgo = baseline({ mailedAt: new Date(NOW.getTime() - DAY) });
    expect(alertVerdict(recent, state, NOW, DAY)).toEqual({ mail: null, held: true });
    expect(alertVerdict(dayAgo, state, NOW, DAY).mail).toBe('price-drop');
  });
});
