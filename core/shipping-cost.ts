/**
 * Shipping cost (SPEC §3 shipping method and settings, §6 hidden free-shipping groups, §9 shipping rule).
 */

export interface ShippingRange {
  lower_limit: number | string;
  /** Absent or null on the open-ended top range. */
  upper_limit?: number | string | null;
  shipping_cost: number | string;
}

export interface ShippingMethod {
  id?: number;
  type: 'freeshipping' | 'total' | string;
  enabled: boolean;
  settings?: {
    carrier_options?: { minimum_sub_total?: number | string | null } | null;
    range?: readonly ShippingRange[] | null;
  } | null;
}

export interface ShippingSettings {
  is_enabled: boolean;
  /** Comma-separated customer group ids, e.g. "3, 5". */
  hide_free_shipping_groups?: string | null;
}

export interface ShippingQuote {
  cost: number;
  free: boolean;
  method: ShippingMethod;
}

/** "3, 5,x" → [3, 5]: entries that are not whole numbers are dropped rather than matching nothing silently. */
export function parseHiddenFreeShippingGroups(list: string | null | undefined): number[] {
  if (!list) return [];
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

export function hidesFreeShipping(
  groupId: number | null | undefined,
  settings: ShippingSettings | null | undefined,
): boolean {
  if (!settings?.is_enabled || groupId === null || groupId === undefined) return false;
  return parseHiddenFreeShippingGroups(settings.hide_free_shipping_groups).includes(groupId);
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export interface ShippingCostOptions {
  customerGroupId?: number | null;
  settings?: ShippingSettings | null;
}

/**
 * Free shipping when the subtotal reaches the free-shipping minimum; otherwise the lowest cost among the
 * total ranges that contain the subtotal, both limits inclusive (§9). A free-shipping method without a minimum
 * is free for every subtotal. Returns null when no enabled method applies.
 */
export function shippingCost(
  subtotal: number,
  methods: readonly ShippingMethod[],
  options: ShippingCostOptions = {},
): ShippingQuote | null {
  const hideFree = hidesFreeShipping(options.customerGroupId, options.settings);
  const enabled = methods.filter((method) => method.enabled);

  if (!hideFree) {
    const free = enabled.find(
      (method) =>
        method.type === 'freeshipping' &&
        subtotal >= (toNumber(method.settings?.carrier_options?.minimum_sub_total) ?? 0),
    );
    if (free) return { cost: 0, free: true, method: free };
  }

  let best: ShippingQuote | null = null;
  for (const method of enabled) {
    if (method.type !== 'total') continue;
    for (const range of method.settings?.range ?? []) {
      const lower = toNumber(range.lower_limit) ?? 0;
      const upper = toNumber(range.upper_limit) ?? Number.POSITIVE_INFINITY;
      const cost = toNumber(range.shipping_cost);
      if (cost === null || subtotal < lower || subtotal > upper) continue;
      if (hideFree && cost === 0) continue;
      if (!best || cost < best.cost) best = { cost, free: cost === 0, method };
    }
  }
  return best;
}

export interface ShippingZoneMethods {
  /** ISO 3166-1 alpha-2 codes the zone ships to. */
  countries: readonly string[];
  methods: readonly ShippingMethod[];
}

/**
 * The zone that ships to a country: the first that lists it, else the region's first zone (the one checkout
 * charges from when no zone names the country), or null for a region without zones.
 */
export function zoneForCountry<Zone extends ShippingZoneMethods>(
  zones: readonly Zone[],
  country: string,
): Zone | null {
  const code = country.toUpperCase();
  return (
    zones.find((zone) => zone.countries.some((entry) => entry.toUpperCase() === code)) ?? zones[0] ?? null
  );
}

/**
 * The subtotal from which this shopper ships free (the lowest minimum of the enabled free-shipping methods,
 * none meaning 0), or null when no free shipping is offered to them: no such method, or their group is one of
 * §6's hidden free-shipping groups. What the top bar and the cart promise, so it is the minimum checkout applies.
 */
export function freeShippingThreshold(
  methods: readonly ShippingMethod[],
  options: ShippingCostOptions = {},
): number | null {
  if (hidesFreeShipping(options.customerGroupId, options.settings)) return null;
  const minimums = methods
    .filter((method) => method.enabled && method.type === 'freeshipping')
    .map((method) => toNumber(method.settings?.carrier_options?.minimum_sub_total) ?? 0);
  return minimums.length ? Math.min(...minimums) : null;
}
