import { and, asc, eq, gt, lte, notInArray, sql } from 'drizzle-orm';
import { DEFAULT_BRAND_SPEND_LIMIT, type ProSummary, proSummaryOf } from '#core/customer-state.ts';
import { type DiscountRule, discountRulesFor } from '#core/discount-rules.ts';
import { ORDER_STATUS } from '#core/order-lifecycle.ts';
import { proCodeInfoOf } from '#core/pro-code.ts';
import { proSpendPeriod } from '#core/pro-spend-period.ts';
import { currencyOfRegion } from '#core/regions.ts';
import type { Database } from '../db/database.ts';
import { currencyJson } from './currency-json.ts';
import { notFound } from './errors.ts';
import type { PricingContext } from './port.ts';
import { followingCatalogue } from './reference-cache.ts';
import { commerceRegions, currencies } from './schema.ts';
import {
  type CustomerGroupRow,
  customerGroups,
  customers,
  type DiscountRuleRecord,
} from './schema-customers.ts';
import { orders } from './schema-sales.ts';

/** Customer groups, the §6 rule of whose discount rules apply, and pro spend (§3 pro status). */

/** The port's shopper as this engine priced them: with the group's discount rules (§6) it prices by. */
export interface EnginePricing extends PricingContext {
  /** The rules that price this shopper (§6). */
  rules: readonly DiscountRuleRecord[];
}

/**
 * The rules of a shopper this engine priced (`pricing`). A shopper from elsewhere has none to read: pricing it
 * here would silently charge the list price, so it is refused.
 */
export function rulesOf(pricing: PricingContext): readonly DiscountRuleRecord[] {
  const rules = (pricing as Partial<EnginePricing>).rules;
  if (!Array.isArray(rules))
    throw new Error('A shopper not priced by the built-in engine cannot be priced by it');
  return rules;
}

export function groupJson(row: CustomerGroupRow) {
  return {
    id: row.id,
    name: row.name,
    region: row.regionId,
    is_default: row.isDefault,
    is_group_for_guests: row.isGroupForGuests,
    is_pro: row.isPro,
    is_employee: row.isEmployee,
    spend_limit: row.spendLimit,
    category_access: { type: 'all' },
    discount_rules: row.discountRules,
  };
}

type Executor = Pick<Database, 'select'>;

/** Orders that no longer count against a spend limit. */
const RELEASED_STATUS_IDS = [ORDER_STATUS.cancelled.id, ORDER_STATUS.refunded.id];

/**
 * The customer's spend in the period that contains `now` (core/pro-spend-period.ts): the one sum that both the
 * pro status and the checkout's limit check read, so what the customer sees is what the limit counts.
 */
export async function proSpend(
  executor: Executor,
  customerId: number,
  expires: Date | null,
  now: Date,
): Promise<number> {
  const { start, end } = proSpendPeriod(expires, now);
  const [sum] = await executor
    .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        gt(orders.createdAt, start),
        lte(orders.createdAt, end),
        // A cancelled or refunded order no longer counts (issue 19: cancelling releases the spend).
        notInArray(orders.statusId, RELEASED_STATUS_IDS),
      ),
    );
  return Math.round(Number(sum?.total ?? 0) * 100) / 100;
}

export function createGroups(db: Database) {
  const regionById = db
    .select()
    .from(commerceRegions)
    .where(eq(commerceRegions.id, sql.placeholder('region')))
    .prepare('groups_region');
  const guestGroup = db
    .select()
    .from(customerGroups)
    .where(
      and(eq(customerGroups.regionId, sql.placeholder('region')), eq(customerGroups.isGroupForGuests, true)),
    )
    .orderBy(asc(customerGroups.id))
    .limit(1)
    .prepare('groups_guest');
  const customerWithGroup = db
    .select({ customer: customers, group: customerGroups })
    .from(customers)
    .leftJoin(customerGroups, eq(customerGroups.id, customers.groupId))
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('groups_customer');

  // Regions and their guest groups, read by every priced call: kept until the catalogue moves (reference-cache.ts).
  const regionsAndGuests = followingCatalogue(db, async () => {
    const [regionRows, guestRows] = await Promise.all([
      db.select().from(commerceRegions),
      db
        .select()
        .from(customerGroups)
        .where(eq(customerGroups.isGroupForGuests, true))
        .orderBy(asc(customerGroups.id)),
    ]);
    const guests = new Map<string, CustomerGroupRow>();
    for (const row of guestRows) if (!guests.has(row.regionId)) guests.set(row.regionId, row);
    return { regions: new Map(regionRows.map((row) => [row.id, row])), guests };
  });

  /**
   * Pro status (§3, §7 /api/pro/order_total): the customer's order total in the current spend period
   * (`proSpendPeriod`), the expiration date, the employee flag (the customer's or the group's) and the spend
   * limit (the customer's own when the pro team set one, else the group's).
   * Null when the customer is not pro.
   */
  async function proStatus(customerId: number, now = new Date()) {
    const [row] = await customerWithGroup.execute({ id: customerId });
    if (!row) return null;
    const info = proCodeInfoOf({ notes: row.customer.notes, form_fields: row.customer.formFields });
    if (!(typeof info?.region === 'string' && info.region.startsWith('pro'))) return null;
    const expires = row.customer.proExpiresAt;
    const orderTotal = await proSpend(db, customerId, expires, now);
    return {
      order_total: orderTotal,
      expiration_date: expires ? expires.toISOString().slice(0, 10) : null,
      // The terms the pro team set on approval win over the group's (issue 19).
      employee_group: row.customer.proEmployee || (row.group?.isEmployee ?? false),
      spend_limit: row.customer.proSpendLimit ?? row.group?.spendLimit ?? DEFAULT_BRAND_SPEND_LIMIT,
    };
  }

  return {
    async regionExists(regionId: string): Promise<boolean> {
      return (await regionById.execute({ region: regionId })).length > 0;
    },

    /** Who prices this shopper in this region: the customer's group for pro ('pro') customers, else the guest group. */
    async pricing(regionId: string, customerId: number | null): Promise<EnginePricing> {
      const reference = await regionsAndGuests.get();
      const region = reference.regions.get(regionId);
      if (!region) throw notFound(`Unknown region ${regionId}`);
      const guest = reference.guests.get(regionId);
      let customerGroup: CustomerGroupRow | null = null;
      let proRegion: string | undefined;
      if (customerId !== null) {
        const [row] = await customerWithGroup.execute({ id: customerId });
        customerGroup = row?.group ?? null;
        proRegion = row
          ? proCodeInfoOf({ notes: row.customer.notes, form_fields: row.customer.formFields })?.region
          : undefined;
      }
      const toCore = (group: CustomerGroupRow | null | undefined) =>
        group
          ? {
              id: group.id,
              name: group.name,
              discount_rules: group.discountRules as unknown as DiscountRule[],
            }
          : null;
      const rules = discountRulesFor(
        proRegion,
        toCore(customerGroup),
        toCore(guest),
      ) as unknown as DiscountRuleRecord[];
      return {
        regionId,
        currencyCode: region.currencyCode,
        rules,
        customerId,
        groupId: customerGroup?.id ?? guest?.id ?? null,
        isPro: typeof proRegion === 'string' && proRegion.startsWith('pro'),
      };
    },

    async list(filter: { regionId?: string; guestsOnly?: boolean } = {}) {
      const conditions = [];
      if (filter.regionId) conditions.push(eq(customerGroups.regionId, filter.regionId));
      if (filter.guestsOnly) conditions.push(eq(customerGroups.isGroupForGuests, true));
      const rows = await db
        .select()
        .from(customerGroups)
        .where(and(...conditions))
        .orderBy(asc(customerGroups.id));
      return rows.map(groupJson);
    },

    async get(id: number) {
      const [row] = await db.select().from(customerGroups).where(eq(customerGroups.id, id));
      if (!row) throw notFound(`No customer group ${id}`);
      return groupJson(row);
    },

    /** The region's default (guest) group (§6 is_group_for_guests=true). */
    async defaultGroup(regionId: string) {
      const [row] = await guestGroup.execute({ region: regionId });
      return row ? groupJson(row) : null;
    },

    proStatus,

    /**
     * Pro status for the pro page (§3): the spend, limit and remaining amount formatted in the currency that
     * core's region → currency table names for the shopper's region (USD outside the commerce regions).
     * Null when the customer is not pro.
     */
    async proSummary(customerId: number, regionId: string, now = new Date()): Promise<ProSummary | null> {
      const status = await proStatus(customerId, now);
      if (!status) return null;
      const code = currencyOfRegion(regionId);
      const [format] = await db.select().from(currencies).where(eq(currencies.code, code));
      if (!format) throw notFound(`No currency ${code}`);
      return proSummaryOf(status, currencyJson(format));
    },
  };
}

export type Groups = ReturnType<typeof createGroups>;
