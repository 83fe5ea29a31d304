import { asc, eq, sql } from 'drizzle-orm';
import {
  freeShippingThreshold,
  type ShippingMethod,
  shippingCost,
  zoneForCountry,
} from '#core/shipping-cost.ts';
import { createVersionedCache, readCacheWatcher, scopeVersion } from '../cache/data-version.ts';
import type { Database } from '../db/database.ts';
import { notFound } from './errors.ts';
import { shippingMethods, shippingSettings, shippingZones } from './schema-sales.ts';

/** Shipping zones, methods and settings per commerce region (SPEC §3); the cost rule itself is core's. */

type ZoneRow = typeof shippingZones.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;

function zoneJson(row: ZoneRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    region: row.regionId,
    enabled: row.enabled,
    locations: row.countries.map((country) => ({ country_iso2: country })),
  };
}

function methodJson(row: MethodRow): ShippingMethod & { id: number; name: string; zone_id: number } {
  return {
    id: row.id,
    zone_id: row.zoneId,
    name: row.name,
    type: row.type,
    enabled: row.enabled,
    settings: row.settings,
  };
}

interface EstimateInputs {
  zone: ZoneRow;
  methods: ReturnType<typeof methodJson>[];
  settings: { is_enabled: boolean; hide_free_shipping_groups: string };
}

interface RegionZones {
  zones: Array<{ countries: string[]; methods: ReturnType<typeof methodJson>[] }>;
  settings: { is_enabled: boolean; hide_free_shipping_groups: string };
}

export function createShipping(db: Database) {
  const zonesOf = db
    .select()
    .from(shippingZones)
    .where(eq(shippingZones.regionId, sql.placeholder('region')))
    .orderBy(asc(shippingZones.id))
    .prepare('shipping_zones_of');
  const methodsOf = db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, sql.placeholder('zone')))
    .orderBy(asc(shippingMethods.id))
    .prepare('shipping_methods_of');
  const settingsOf = db
    .select()
    .from(shippingSettings)
    .where(eq(shippingSettings.regionId, sql.placeholder('region')))
    .prepare('shipping_settings_of');

  // Zones, methods and settings behind the cart's shipping estimate, per region, kept until the catalogue's data
  // version moves: the shipping tables' triggers bump it (migration 0017), so a back-office change to a method, a
  // zone or the settings reaches every process's cart within the read-cache interval.
  const watcher = readCacheWatcher(db);
  const estimateInputs = createVersionedCache<EstimateInputs | null>({
    version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    maxEntries: 50,
  });
  // Every zone of a region, for the free-shipping promise every storefront page's top bar makes: read once per
  // data version, like the estimate's inputs, so a back-office change shows within the read-cache interval.
  const regionZones = createVersionedCache<RegionZones>({
    version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    maxEntries: 50,
  });

  const api = {
    async zones(regionId: string) {
      return (await zonesOf.execute({ region: regionId })).map(zoneJson);
    },
    /** A zone of the region; another region's zone is not found. */
    async zone(regionId: string, id: number) {
      const zone = (await zonesOf.execute({ region: regionId })).find((row) => row.id === id);
      if (!zone) throw notFound(`No shipping zone ${id} in region ${regionId}`);
      return zoneJson(zone);
    },
    async methods(regionId: string, zoneId: number) {
      await api.zone(regionId, zoneId);
      return (await methodsOf.execute({ zone: zoneId })).map(methodJson);
    },
    /** §7 /api/pro/shipping_method_settings: is_enabled and hide_free_shipping_groups. */
    async settings(regionId: string) {
      const [row] = await settingsOf.execute({ region: regionId });
      return {
        is_enabled: row?.isEnabled ?? false,
        hide_free_shipping_groups: row?.hideFreeShippingGroups ?? '',
      };
    },
    /** The cheapest shipping for a subtotal in the region's first zone, for a customer group (§6, §9). */
    async estimate(regionId: string, subtotal: number, customerGroupId: number | null) {
      const inputs = await estimateInputs.get(regionId, async (): Promise<EstimateInputs | null> => {
        const [zone] = await zonesOf.execute({ region: regionId });
        if (!zone) return null;
        const [methods, settings] = await Promise.all([
          methodsOf.execute({ zone: zone.id }),
          api.settings(regionId),
        ]);
        return { zone, methods: methods.map(methodJson), settings };
      });
      if (!inputs) return null;
      const { zone, methods, settings } = inputs;
      const quote = shippingCost(subtotal, methods, { customerGroupId, settings });
      return quote
        ? { cost: quote.cost, free: quote.free, method_id: quote.method.id ?? null, zone_id: zone.id }
        : null;
    },
    /**
     * The subtotal from which a shopper of this group ships free to this country (core's
     * `freeShippingThreshold`), or null when they are not offered free shipping (§6) or the region has no zone.
     */
    async freeShippingFrom(regionId: string, country: string, customerGroupId: number | null) {
      const { zones, settings } = await regionZones.get(regionId, async (): Promise<RegionZones> => {
        const rows = await zonesOf.execute({ region: regionId });
        const [methods, settings] = await Promise.all([
          Promise.all(rows.map((zone) => methodsOf.execute({ zone: zone.id }))),
          api.settings(regionId),
        ]);
        return {
          zones: rows.map((zone, index) => ({
            countries: zone.countries,
            methods: (methods[index] ?? []).map(methodJson),
          })),
          settings,
        };
      });
      const zone = zoneForCountry(zones, country);
      return zone ? freeShippingThreshold(zone.methods, { customerGroupId, settings }) : null;
    },
  };
  return api;
}

export type Shipping = ReturnType<typeof createShipping>;
