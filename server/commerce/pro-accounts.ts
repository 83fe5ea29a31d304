import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_PRO_SPEND_LIMIT, proPlacementFor } from '#core/pro-approval.ts';
import { isProCodeInfo, PRO_CODE_FIELD, type ProCodeInfo, proCodeInfoOf } from '#core/pro-code.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import type { CustomerAdmin } from './customer-admin.ts';
import { badRequest, CommerceError, conflict, notFound } from './errors.ts';
import type { Groups } from './groups.ts';
import { commerceRegions } from './schema.ts';
import { addresses, type CustomerRow, customerGroups, customers } from './schema-customers.ts';

/**
 * Pro accounts (issue 19, SPEC §3, §4, §6): the queue of applications, approve (region from the customer's
 * country, core/pro-approval.ts), reject with a reason, the terms (spend limit, expiry, employee flag) and the
 * spend against the limit. Pro status is the 'Pro Code' JSON's region; the storefront reads it, the group and
 * the terms on every request (groups.pricing / groups.proStatus), so a decision shows at once.
 */

export interface ProTerms {
  spendLimit?: number;
  /** The end of the pro term, or null for none. */
  expiresAt?: Date | null;
  employee?: boolean;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the applicant sent: the application without the store's own bookkeeping keys. */
function applicationOf(info: ProCodeInfo | null): Record<string, unknown> {
  const { region: _region, ...rest } = info ?? {};
  return rest;
}

function checkTerms(terms: ProTerms, now: Date) {
  if (terms.spendLimit !== undefined && !(Number.isFinite(terms.spendLimit) && terms.spendLimit > 0))
    throw badRequest('The spend limit must be a positive amount');
  if (terms.spendLimit !== undefined && terms.spendLimit > 1_000_000)
    throw badRequest('The spend limit must be at most 1,000,000');
  if (terms.expiresAt && terms.expiresAt.getTime() <= now.getTime())
    throw badRequest('The expiry date must be in the future');
}

const dateOnly = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

export function createProAccounts(deps: {
  db: Database;
  groups: Pick<Groups, 'proStatus'>;
  customerAdmin: Pick<CustomerAdmin, 'mailLocaleOf'>;
  events: EventBus;
}) {
  const { db, events } = deps;

  async function lockCustomer(tx: Tx, id: number): Promise<CustomerRow> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!row) throw notFound(`No customer ${id}`);
    return row;
  }

  const infoOf = (row: CustomerRow) => proCodeInfoOf({ notes: row.notes, form_fields: row.formFields });

  /** The form fields with the 'Pro Code' JSON replaced. */
  const withProCode = (row: CustomerRow, info: ProCodeInfo) => [
    ...row.formFields.filter((field) => field.name !== PRO_CODE_FIELD),
    { name: PRO_CODE_FIELD, value: JSON.stringify(info) },
  ];

  async function firstCountry(executor: Pick<Database, 'select'>, id: number): Promise<string | null> {
    const [row] = await executor
      .select({ country: addresses.countryCode })
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(desc(addresses.isDefault), asc(addresses.id))
      .limit(1);
    return row?.country ?? null;
  }

  /** Customers with a 'Pro Code' (or notes) that may hold a pro region: narrowed in SQL, decided in core. */
  async function withProCodes() {
    return db
      .select({ customer: customers, groupName: customerGroups.name })
      .from(customers)
      .leftJoin(customerGroups, eq(customerGroups.id, customers.groupId))
      .where(
        and(
          isNull(customers.erasedAt),
          or(
            sql`${customers.formFields}::text like ${`%${PRO_CODE_FIELD}%`}`,
            sql`${customers.notes} like '%region%'`,
          ),
        ),
      )
      .orderBy(asc(customers.id));
  }

  return {
    /** Applications waiting for a decision, oldest first, with what the applicant sent and where they would go. */
    async queue() {
      const rows = await withProCodes();
      const pending = rows.filter(({ customer }) => infoOf(customer)?.region === 'pending');
      const items = await Promise.all(
        pending.map(async ({ customer, groupName }) => {
          const info = infoOf(customer);
          const country = await firstCountry(db, customer.id);
          return {
            id: customer.id,
            email: customer.email,
            name: `${customer.firstName} ${customer.lastName}`.trim(),
            company: customer.company,
            group: groupName,
            country,
            placement: proPlacementFor(country),
            appliedAt: typeof info?.applied_at === 'string' ? info.applied_at : null,
            application: applicationOf(info),
            disabled: customer.disabledAt !== null,
          };
        }),
      );
      return items.sort((a, b) => (a.appliedAt ?? '').localeCompare(b.appliedAt ?? '') || a.id - b.id);
    },

    /** Current pro accounts with their terms and the spend against the limit (groups.proStatus). */
    async accounts(now = new Date()) {
      const rows = await withProCodes();
      const pro = rows.filter(({ customer }) => isProCodeInfo(infoOf(customer)));
      return Promise.all(
        pro.map(async ({ customer, groupName }) => ({
          id: customer.id,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          group: groupName,
          region: String(infoOf(customer)?.region ?? ''),
          ownSpendLimit: customer.proSpendLimit,
          employee: customer.proEmployee,
          expiresAt: dateOnly(customer.proExpiresAt),
          disabled: customer.disabledAt !== null,
          status: await deps.groups.proStatus(customer.id, now),
        })),
      );
    },

    /**
     * Approves a pending application: the pro region and group of the customer's country (§4), the terms
     * (spend limit 3000 unless given, expiry, employee flag). Refused when nothing is pending (approving twice),
     * when the country has no pro storefront or the terms make no sense; then nothing changes.
     */
    async approve(actor: Actor, id: number, terms: ProTerms = {}, now = new Date()) {
      checkTerms(terms, now);
      const { approved, row } = await db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        const info = infoOf(row);
        if (isProCodeInfo(info)) throw conflict('This account already has pro pricing', 'already-pro');
        if (info?.region !== 'pending') throw conflict('This customer has no pending pro application');
        const country = await firstCountry(tx, id);
        const placement = proPlacementFor(country);
        if (!placement)
          throw badRequest(
            country
              ? `There is no pro storefront for ${country.toUpperCase()}: pro pricing is for the US, Canada, Norway and the EU region countries`
              : 'The customer has no address, so no country to choose the pro region by: ask them to add one',
          );
        const [group] = await tx
          .select()
          .from(customerGroups)
          .where(
            and(
              eq(customerGroups.regionId, placement.commerceRegion),
              eq(customerGroups.isPro, true),
              eq(customerGroups.isEmployee, false),
            ),
          )
          .orderBy(asc(customerGroups.id))
          .limit(1);
        if (!group) throw badRequest(`No pro group in the ${placement.commerceRegion} region`);
        const [region] = await tx
          .select({ currency: commerceRegions.currencyCode })
          .from(commerceRegions)
          .where(eq(commerceRegions.id, group.regionId));
        const spendLimit = terms.spendLimit ?? DEFAULT_PRO_SPEND_LIMIT;
        const expiresAt = terms.expiresAt ?? null;
        const employee = terms.employee ?? false;
        const nextInfo = { ...info, region: placement.proRegion, approved_at: now.toISOString() };
        const [updated] = await tx
          .update(customers)
          .set({
            formFields: withProCode(row, nextInfo),
            groupId: group.id,
            proExpiresAt: expiresAt,
            proSpendLimit: spendLimit,
            proEmployee: employee,
            updatedAt: now,
          })
          .where(eq(customers.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'pro.approved',
          entity: 'customer',
          entityId: id,
          before: { region: 'pending', groupId: row.groupId },
          after: {
            region: placement.proRegion,
            groupId: group.id,
            spendLimit,
            expiresAt: dateOnly(expiresAt),
            employee,
          },
        });
        return {
          approved: {
            region: placement.proRegion,
            groupId: group.id,
            spendLimit,
            currency: region?.currency ?? 'USD',
          },
          row: updated!,
        };
      });
      await events.emit('pro-approved', {
        email: row.email,
        firstName: row.firstName,
        locale: await deps.customerAdmin.mailLocaleOf(row),
        spendLimit: approved.spendLimit,
        currency: approved.currency,
        expiresAt: dateOnly(row.proExpiresAt),
      });
      return { ...approved, expiresAt: dateOnly(row.proExpiresAt), employee: row.proEmployee };
    },

    /** Turns a pending application down; the reason is kept in the JSON and mailed to the applicant. */
    async reject(actor: Actor, id: number, reason: string, now = new Date()) {
      const why = reason.trim();
      if (!why) throw badRequest('Give the applicant a reason');
      if (why.length > 1000) throw badRequest('The reason must be at most 1000 characters');
      const row = await db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        const info = infoOf(row);
        if (isProCodeInfo(info)) throw conflict('This account already has pro pricing', 'already-pro');
        if (info?.region !== 'pending') throw conflict('This customer has no pending pro application');
        const nextInfo = {
          ...info,
          region: 'rejected',
          rejection_reason: why,
          rejected_at: now.toISOString(),
        };
        const [updated] = await tx
          .update(customers)
          .set({ formFields: withProCode(row, nextInfo), updatedAt: now })
          .where(eq(customers.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'pro.rejected',
          entity: 'customer',
          entityId: id,
          before: { region: 'pending' },
          after: { region: 'rejected', reason: why },
        });
        return updated!;
      });
      await events.emit('pro-rejected', {
        email: row.email,
        firstName: row.firstName,
        locale: await deps.customerAdmin.mailLocaleOf(row),
        reason: why,
      });
      return { region: 'rejected', reason: why };
    },

    /** Changes a pro account's spend limit, expiry and employee flag (only those given). */
    async updateTerms(actor: Actor, id: number, terms: ProTerms, now = new Date()) {
      checkTerms(terms, now);
      return db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        if (!isProCodeInfo(infoOf(row)))
          throw new CommerceError('conflict', 'Conflict', 'This customer is not a pro account');
        const before = {
          spendLimit: row.proSpendLimit,
          expiresAt: dateOnly(row.proExpiresAt),
          employee: row.proEmployee,
        };
        const changes = {
          proSpendLimit: terms.spendLimit ?? row.proSpendLimit,
          proExpiresAt: terms.expiresAt === undefined ? row.proExpiresAt : terms.expiresAt,
          proEmployee: terms.employee ?? row.proEmployee,
        };
        const after = {
          spendLimit: changes.proSpendLimit,
          expiresAt: dateOnly(changes.proExpiresAt),
          employee: changes.proEmployee,
        };
        if (JSON.stringify(before) === JSON.stringify(after)) return after;
        await tx
          .update(customers)
          .set({ ...changes, updatedAt: now })
          .where(eq(customers.id, id));
        await recordAudit(tx, actor, {
          action: 'pro.terms-changed',
          entity: 'customer',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    /** The spend against the limit (§7 /api/pro/order_total's numbers); 404 when the customer is not pro. */
    async spend(id: number, now = new Date()) {
      const status = await deps.groups.proStatus(id, now);
      if (!status) throw notFound(`Customer ${id} is not a pro account`);
      return status;
    },
  };
}

export type ProAccounts = ReturnType<typeof createProAccounts>;
