import { describe, expect, it } from 'vitest';
import {
  freeShippingThreshold,
  hidesFreeShipping,
  parseHiddenFreeShippingGroups,
  type ShippingMethod,
  shippingCost,
  zoneForCountry,
} from './shipping-cost.ts';

const free: ShippingMethod = {
  type: 'freeshipping',
  enabled: true,
  settings: { carrier_options: { minimum_sub_total: 150 } },
};
const byTotal: ShippingMethod = {
  type: 'total',
  enabled: true,
  settings: {
    range: [
      { lower_limit: 0, upper_limit: 49.99, shipping_cost: 12 },
      { lower_limit: 50, upper_limit: 100, shipping_cost: 8 },
      { lower_limit: 100, upper_limit: null, shipping_cost: '5' },
      { lower_limit: 150, upper_limit: 10000, shipping_cost: 0 },
    ],
  },
};
const express: ShippingMethod = {
  type: 'total',
  enabled: true,
  settings: { range: [{ lower_limit: '0', upper_limit: '1000', shipping_cost: '7' }] },
};

describe('§9 shipping cost', () => {
  it('is free when the subtotal reaches the free-shipping minimum', () => {
    expect(shippingCost(150, [free, byTotal])).toMatchObject({ cost: 0, free: true, method: free });
    expect(shippingCost(400, [free, byTotal])?.free).toBe(true);
  });

  it('is otherwise the lowest matching total range', () => {
    expect(shippingCost(149.99, [free, byTotal])).toMatchObject({ cost: 5, free: false });
    expect(shippingCost(20, [free, byTotal, express])).toMatchObject({ cost: 7, method: express });
  });

  it('treats lower_limit and upper_limit as inclusive', () => {
    expect(shippingCost(50, [byTotal])?.cost).toBe(8);
    expect(shippingCost(49.99, [byTotal])?.cost).toBe(12);
    expect(shippingCost(100, [byTotal])?.cost).toBe(5);
  });

  it('treats a missing upper limit as open-ended and a missing minimum as no minimum', () => {
    expect(shippingCost(99999, [byTotal])?.cost).toBe(5);
    const always = { type: 'freeshipping', enabled: true, settings: {} };
    expect(shippingCost(1, [always])?.free).toBe(true);
  });

  it('ignores disabled methods, other method types and ranges without a cost', () => {
    const disabled = { ...free, enabled: false };
    const flat = {
      type: 'perorder',
      enabled: true,
      settings: { range: [{ lower_limit: 0, shipping_cost: 1 }] },
    };
    const broken = {
      type: 'total',
      enabled: true,
      settings: { range: [{ lower_limit: 0, shipping_cost: 'x' }] },
    };
    expect(shippingCost(500, [disabled, flat, broken, byTotal])?.cost).toBe(0);
    expect(shippingCost(500, [disabled, flat, broken, byTotal])?.free).toBe(true);
    expect(shippingCost(10, [disabled, { type: 'total', enabled: true }])).toBeNull();
    expect(shippingCost(10, [])).toBeNull();
  });
});

describe('§6 hidden free-shipping groups', () => {
  const settings = { is_enabled: true, hide_free_shipping_groups: '3, 5,x,,7.5' };

  it('turns the comma-separated list into numbers', () => {
    expect(parseHiddenFreeShippingGroups(settings.hide_free_shipping_groups)).toEqual([3, 5]);
    expect(parseHiddenFreeShippingGroups('')).toEqual([]);
    expect(parseHiddenFreeShippingGroups(null)).toEqual([]);
  });

  it('applies only when settings are enabled and the group is listed', () => {
    expect(hidesFreeShipping(5, settings)).toBe(true);
    expect(hidesFreeShipping(4, settings)).toBe(false);
    expect(hidesFreeShipping(5, { ...settings, is_enabled: false })).toBe(false);
    expect(hidesFreeShipping(null, settings)).toBe(false);
    expect(hidesFreeShipping(5, null)).toBe(false);
  });

  it('ignores free rules and excludes zero-cost ranges for those groups', () => {
    const quote = shippingCost(200, [free, byTotal], { customerGroupId: 3, settings });
    expect(quote).toMatchObject({ cost: 5, free: false });
  });

  it('gives no quote when only free options exist for a hidden group', () => {
    const zeroOnly = {
      type: 'total',
      enabled: true,
      settings: { range: [{ lower_limit: 0, shipping_cost: 0 }] },
    };
    expect(shippingCost(10, [free, zeroOnly], { customerGroupId: 5, settings })).toBeNull();
    expect(shippingCost(10, [zeroOnly], { customerGroupId: 4, settings })).toMatchObject({
      cost: 0,
      free: true,
    });
  });
});

describe('the free-shipping threshold a shopper is promised (issue 40)', () => {
  const settings = { is_enabled: true, hide_free_shipping_groups: '4, 7' };

  it('is the free-shipping method’s minimum, whatever the bands say', () => {
    expect(freeShippingThreshold([byTotal, free])).toBe(150);
    expect(freeShippingThreshold([free], { customerGroupId: 1, settings })).toBe(150);
  });

  it('is the lowest of several, and 0 for a method without a minimum', () => {
    const cheaper = { ...free, settings: { carrier_options: { minimum_sub_total: '120' } } };
    expect(freeShippingThreshold([free, cheaper])).toBe(120);
    expect(freeShippingThreshold([free, { type: 'freeshipping', enabled: true }])).toBe(0);
  });

  it('is null without an enabled free-shipping method', () => {
    expect(freeShippingThreshold([byTotal])).toBeNull();
    expect(freeShippingThreshold([{ ...free, enabled: false }, byTotal])).toBeNull();
  });

  it('is null for a group that does not get free shipping (§6)', () => {
    expect(freeShippingThreshold([free], { customerGroupId: 7, settings })).toBeNull();
  });
});

describe('the zone that ships to a country', () => {
  const us = { countries: ['US'], methods: [free] };
  const europe = { countries: ['DE', 'at'], methods: [byTotal] };

  it('is the zone listing the country, in either case', () => {
    expect(zoneForCountry([us, europe], 'de')).toBe(europe);
    expect(zoneForCountry([us, europe], 'AT')).toBe(europe);
  });

  it('is otherwise the first zone, or null without zones', () => {
    expect(zoneForCountry([us, europe], 'BE')).toBe(us);
    expect(zoneForCountry([], 'US')).toBeNull();
  });
});
