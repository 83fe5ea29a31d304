import { and, asc, eq, inArray } from 'drizzle-orm';
import { parseHiddenFreeShippingGroups } from '#core/shipping-cost.ts';
import { guardFreeShippingMinimum, guardShippingBands } from '#core/shipping-guard.ts';
import {
  freeShippingMinimumProblem,
  type RangeInput,
  rangeProblems,
  sortedRanges,
} from '#core/shipping-ranges.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, enforceMoneyVerdict } from './errors.ts';
import { commerceRegions, countries } from './schema.ts';
import { customerGroups } from './schema-customers.ts';
import {
  type ShippingMethodSettingsRecord,
  shippingMethods,
  shippingSettings,
  shippingZones,
} from './schema-sales.ts';

/**
 * The back office's shipping settings (issue 20, SPEC §3 zones, methods, ranges and free-shipping minimums, §6
 * hidden free-shipping groups). Every change is one transaction with its audit entry; a refusal changes nothing.
 * New bands and free-shipping minimums go through the money guard first (issue 40, core/shipping-guard.ts): a
 * paid band made free or cut by more than half, or a minimum lowered by more than half, waits for `confirmed`.
 * The shipping tables' triggers move the catalogue's data version (migration 0017), so the cart's estimate and
 * checkout's options follow within a second.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type MethodRow = typeof shippingMethods.$inferSelect;
type ZoneRow = typeof shippingZones.$inferSelect;

export interface MethodChange {
  name: string;
  enabled: boolean;
  /** A total method's bands (validated by core/shipping-ranges.ts). */
  ranges?: RangeInput[];
  /** A free-shipping method's minimum subtotal. */
  minimum?: number;
}

export interface GuardOptions {
  /** The person confirmed the effect the money guard named (issue 40). */
  confirmed?: boolean;
}

export interface FreeShippingGroupsChange {
  /** Whether the hidden list applies at all (§3 shipping settings is_enabled). */
  isEnabled: boolean;
  groupIds: number[];
}

const MAX_NAME = 80;

function methodView(row: MethodRow) {
  return {
    id: row.id,
    zoneId: row.zoneId,
    name: row.name,
    type: row.type,
    enabled: row.enabled,
    minimum: row.type === 'freeshipping' ? (row.settings.carrier_options?.minimum_sub_total ?? 0) : null,
    ranges:
      row.type === 'total'
        ? sortedRanges(
            (row.settings.range ?? []).map((range) => ({
              lower_limit: Number(range.lower_limit),
              upper_limit:
                range.upper_limit === null || range.upper_limit === undefined
                  ? null
                  : Number(range.upper_limit),
              shipping_cost: Number(range.shipping_cost),
            })),
          )
        : [],
  };
}

export type ShippingMethodView = ReturnType<typeof methodView>;

const zoneView = (row: ZoneRow) => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  countries: row.countries,
});

const settingsView = (row: typeof shippingSettings.$inferSelect | undefined) => ({
  isEnabled: row?.isEnabled ?? false,
  groupIds: parseHiddenFreeShippingGroups(row?.hideFreeShippingGroups),
});

/** The free-shipping minimum of the region's free-shipping methods (the lowest, should they differ), or null. */
function regionMinimum(methods: ShippingMethodView[]): number | null {
  const minimums = methods
    .filter((method) => method.type === 'freeshipping')
    .map((method) => method.minimum ?? 0);
  return minimums.length ? Math.min(...minimums) : null;
}

export function createShippingAdmin(db: Database) {
  async function lockMethod(tx: Tx, id: number) {
    const [row] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, id)).for('update');
    if (!row)
      throw badRequest(`There is no shipping method ${id}. Reload the page: it may have been removed.`);
    return row;
  }

  async function lockZone(tx: Tx, id: number) {
    const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update');
    if (!row) throw badRequest(`There is no shipping zone ${id}. Reload the page: it may have been removed.`);
    return row;
  }

  async function regionOf(tx: Tx | Database, regionId: string) {
    const [row] = await tx.select().from(commerceRegions).where(eq(commerceRegions.id, regionId));
    if (!row) throw badRequest(`There is no commerce region “${regionId}”.`);
    return row;
  }

  async function freeMethodsOf(tx: Tx, regionId: string) {
    const zones = await tx
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(eq(shippingZones.regionId, regionId));
    if (!zones.length) return [];
    return tx
      .select()
      .from(shippingMethods)
      .where(
        and(
          inArray(
            shippingMethods.zoneId,
            zones.map((zone) => zone.id),
          ),
          eq(shippingMethods.type, 'freeshipping'),
        ),
      )
      .orderBy(asc(shippingMethods.id))
      .for('update');
  }

  return {
    /** Every region with its zones and their methods, the free-shipping minimum, the hidden groups and the groups. */
    async overview() {
      const [regions, zones, methods, settings, groups] = await Promise.all([
        db.select().from(commerceRegions).orderBy(asc(commerceRegions.id)),
        db.select().from(shippingZones).orderBy(asc(shippingZones.id)),
        db.select().from(shippingMethods).orderBy(asc(shippingMethods.id)),
        db.select().from(shippingSettings),
        db
          .select({ id: customerGroups.id, name: customerGroups.name, regionId: customerGroups.regionId })
          .from(customerGroups)
          .orderBy(asc(customerGroups.id)),
      ]);
      return regions.map((region) => {
        const regionZones = zones
          .filter((zone) => zone.regionId === region.id)
          .map((zone) => ({
            ...zoneView(zone),
            methods: methods.filter((method) => method.zoneId === zone.id).map(methodView),
          }));
        return {
          id: region.id,
          name: region.name,
          currency: region.currencyCode,
          zones: regionZones,
          freeShippingMinimum: regionMinimum(regionZones.flatMap((zone) => zone.methods)),
          freeShippingGroups: settingsView(settings.find((row) => row.regionId === region.id)),
          groups: groups
            .filter((group) => group.regionId === region.id)
            .map((group) => ({ id: group.id, name: group.name })),
        };
      });
    },

    /** Renames, enables or disables a method and sets its bands (total) or its minimum (free shipping). */
    async updateMethod(actor: Actor, id: number, change: MethodChange, options: GuardOptions = {}) {
      const name = change.name.trim();
      if (!name || name.length > MAX_NAME)
        throw badRequest(`A method's name is 1 to ${MAX_NAME} characters.`);
      return db.transaction(async (tx) => {
        const before = await lockMethod(tx, id);
        const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, before.zoneId));
        const region = await regionOf(tx, zone!.regionId);
        const guard = { region: region.name, currency: region.currencyCode };
        const saved = methodView(before);
        let settings: ShippingMethodSettingsRecord;
        if (before.type === 'total') {
          if (!change.ranges) throw badRequest(`${before.name} is priced by ranges: send its ranges.`);
          const problems = rangeProblems(change.ranges);
          if (problems.length) throw badRequest(problems.map((problem) => problem.message).join(' '));
          enforceMoneyVerdict(
            guardShippingBands(name, saved.ranges, change.ranges, guard),
            options.confirmed === true,
          );
          settings = { ...before.settings, range: sortedRanges(change.ranges) };
        } else {
          if (change.minimum === undefined)
            throw badRequest(`${before.name} is free shipping: send its minimum subtotal.`);
          const problem = freeShippingMinimumProblem(change.minimum);
          if (problem) throw badRequest(problem);
          enforceMoneyVerdict(
            guardFreeShippingMinimum(saved.minimum, change.minimum, guard),
            options.confirmed === true,
          );
          settings = { ...before.settings, carrier_options: { minimum_sub_total: change.minimum } };
        }
        const [after] = await tx
          .update(shippingMethods)
          .set({ name, enabled: change.enabled, settings })
          .where(eq(shippingMethods.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'shipping.method',
          entity: 'shipping-method',
          entityId: id,
          before: methodView(before),
          after: methodView(after!),
        });
        return methodView(after!);
      });
    },

    /** The countries a zone ships to: known ISO codes, each in one zone of its region only. */
    async setZoneCountries(actor: Actor, zoneId: number, codes: readonly string[]) {
      const wanted = [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
      if (!wanted.length)
        throw badRequest('A zone ships to at least one country: enter its ISO code, e.g. US.');
      return db.transaction(async (tx) => {
        const before = await lockZone(tx, zoneId);
        const known = await tx
          .select({ iso: countries.iso })
          .from(countries)
          .where(
            inArray(
              countries.iso,
              wanted.map((code) => code.toLowerCase()),
            ),
          );
        const unknown = wanted.filter((code) => !known.some((row) => row.iso.toUpperCase() === code));
        if (unknown.length)
          throw badRequest(
            `Unknown country code${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Use two-letter ISO codes such as US, CA or DE.`,
          );
        const others = await tx
          .select()
          .from(shippingZones)
          .where(eq(shippingZones.regionId, before.regionId));
        for (const other of others) {
          if (other.id === zoneId) continue;
          const shared = wanted.filter((code) => other.countries.includes(code));
          if (shared.length)
            throw badRequest(
              `${shared.join(', ')} already ship${shared.length > 1 ? '' : 's'} from zone ${other.name}.`,
            );
        }
        const [after] = await tx
          .update(shippingZones)
          .set({ countries: wanted })
          .where(eq(shippingZones.id, zoneId))
          .returning();
        await recordAudit(tx, actor, {
          action: 'shipping.zone',
          entity: 'shipping-zone',
          entityId: zoneId,
          before: zoneView(before),
          after: zoneView(after!),
        });
        return zoneView(after!);
      });
    },

    /** The subtotal from which a region ships free: every free-shipping method of its zones. */
    async setFreeShippingMinimum(
      actor: Actor,
      regionId: string,
      minimum: number,
      options: GuardOptions = {},
    ) {
      const problem = freeShippingMinimumProblem(minimum);
      if (problem) throw badRequest(problem);
      return db.transaction(async (tx) => {
        const region = await regionOf(tx, regionId);
        const methods = await freeMethodsOf(tx, regionId);
        if (!methods.length)
          throw conflict(
            `Region ${regionId} has no free-shipping method, so it has no free-shipping minimum.`,
          );
        const before = regionMinimum(methods.map(methodView));
        enforceMoneyVerdict(
          guardFreeShippingMinimum(before, minimum, { region: region.name, currency: region.currencyCode }),
          options.confirmed === true,
        );
        for (const method of methods)
          await tx
            .update(shippingMethods)
            .set({ settings: { ...method.settings, carrier_options: { minimum_sub_total: minimum } } })
            .where(eq(shippingMethods.id, method.id));
        await recordAudit(tx, actor, {
          action: 'shipping.free-minimum',
          entity: 'shipping-region',
          entityId: regionId,
          before: { freeShippingMinimum: before, methods: methods.map((method) => method.id) },
          after: { freeShippingMinimum: minimum, methods: methods.map((method) => method.id) },
        });
        return { regionId, currency: region.currencyCode, freeShippingMinimum: minimum };
      });
    },

    /** §6: which of the region's customer groups do not get free shipping (and zero-cost bands), and whether that applies. */
    async setFreeShippingGroups(actor: Actor, regionId: string, change: FreeShippingGroupsChange) {
      const groupIds = [...new Set(change.groupIds)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        await regionOf(tx, regionId);
        const groups = groupIds.length
          ? await tx
              .select({ id: customerGroups.id, regionId: customerGroups.regionId })
              .from(customerGroups)
              .where(inArray(customerGroups.id, groupIds))
          : [];
        const foreign = groupIds.filter(
          (id) => !groups.some((group) => group.id === id && group.regionId === regionId),
        );
        if (foreign.length)
          throw badRequest(`No customer group ${foreign.join(', ')} in region ${regionId}.`);
        const [row] = await tx
          .select()
          .from(shippingSettings)
          .where(eq(shippingSettings.regionId, regionId))
          .for('update');
        const values = { isEnabled: change.isEnabled, hideFreeShippingGroups: groupIds.join(',') };
        const [after] = await tx
          .insert(shippingSettings)
          .values({ regionId, ...values })
          .onConflictDoUpdate({ target: shippingSettings.regionId, set: values })
          .returning();
        await recordAudit(tx, actor, {
          action: 'shipping.free-groups',
          entity: 'shipping-region',
          entityId: regionId,
          before: settingsView(row),
          after: settingsView(after),
        });
        return settingsView(after);
      });
    },
  };
}

export type ShippingAdmin = ReturnType<typeof createShippingAdmin>;
export type ShippingOverview = Awaited<ReturnType<ShippingAdmin['overview']>>;
