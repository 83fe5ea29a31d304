import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type AuditNames, auditNameRequests } from '#core/audit-sentence.ts';
import { staff } from '../backoffice/schema.ts';
import { products, variants } from '../commerce/schema-catalogue.ts';
import { customerGroups, customers } from '../commerce/schema-customers.ts';
import { orders, shippingMethods, shippingZones } from '../commerce/schema-sales.ts';
import { contentEntries } from '../content/schema.ts';
import type { Database } from '../db/database.ts';
import { auditLog } from './schema.ts';

/** The staff member behind a back-office change, as the audit log and an order's timeline record them. */
export interface Actor {
  staffId: number;
  email: string;
}

/** A change made by no staff member (the content management token's holder): stored with no staff id. */
export interface SystemActor {
  staffId: null;
  email: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Anything that can run an insert: the database or a transaction (so the entry commits with the change). */
type Executor = Pick<Database, 'insert'>;

/** Appends one entry. Call it inside the change's transaction: a change without its entry never commits. */
export async function recordAudit(
  executor: Executor,
  actor: Actor | SystemActor,
  entry: AuditEntry,
): Promise<void> {
  await executor.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
  });
}

export interface AuditFilter {
  staffId?: number;
  entity?: string;
  entityId?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
  /** Keyset: entries older than this id. */
  before?: number;
  limit?: number;
}

/** The log, newest first, one keyset page at a time. */
export function createAuditLog(db: Database) {
  return {
    async list(filter: AuditFilter = {}) {
      const limit = Math.min(filter.limit ?? 50, 200);
      const conditions: SQL[] = [];
      if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
      if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
      if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
      if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
      if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
      if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
      const rows = await db
        .select({
          id: auditLog.id,
          staffId: auditLog.staffId,
          staffEmail: auditLog.staffEmail,
          staffName: staff.name,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.staffId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { entries: page, next: rows.length > limit ? page.at(-1)!.id : null };
    },

    /**
     * The names a page of entries needs to read as sentences (core/audit-sentence.ts): one query per kind of
     * record the page names, never one per entry. A record deleted since is simply not named.
     */
    async names(
      entries: readonly { entity: string; entityId: string; before: unknown; after: unknown }[],
    ): Promise<AuditNames> {
      const wanted = auditNameRequests(entries);
      const named = (rows: { id: number; name: string }[] = []) =>
        Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
      const when = <T>(ids: readonly unknown[], read: () => Promise<T>) =>
        ids.length ? read() : Promise.resolve(undefined);
      const [
        productRows,
        variantRows,
        orderRows,
        customerRows,
        staffRows,
        contentRows,
        groupRows,
        methodRows,
        zoneRows,
      ] = await Promise.all([
        when(wanted.products, () =>
          db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, wanted.products)),
        ),
        when(wanted.variants, () =>
          db
            .select({
              id: variants.id,
              productId: variants.productId,
              sku: variants.sku,
              optionValues: variants.optionValues,
              product: products.name,
            })
            .from(variants)
            .innerJoin(products, eq(products.id, variants.productId))
            .where(inArray(variants.id, wanted.variants)),
        ),
        when(wanted.orders, () =>
          db
            .select({ id: orders.id, currency: orders.currencyCode })
            .from(orders)
            .where(inArray(orders.id, wanted.orders)),
        ),
        when(wanted.customers, () =>
          db
            .select({
              id: customers.id,
              first: customers.firstName,
              last: customers.lastName,
              email: customers.email,
            })
            .from(customers)
            .where(inArray(customers.id, wanted.customers)),
        ),
        when(wanted.staff, () =>
          db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, wanted.staff)),
        ),
        when(wanted.content, () =>
          db
            .select({
              key: sql<string>`${contentEntries.contentType} || '/' || ${contentEntries.uid} || '/' || ${contentEntries.locale}`,
              title: contentEntries.title,
            })
            .from(contentEntries)
            .where(
              inArray(
                sql`${contentEntries.contentType} || '/' || ${contentEntries.uid} || '/' || ${contentEntries.locale}`,
                wanted.content,
              ),
            ),
        ),
        when(wanted.groups, () =>
          db
            .select({ id: customerGroups.id, name: customerGroups.name })
            .from(customerGroups)
            .where(inArray(customerGroups.id, wanted.groups)),
        ),
        when(wanted.shippingMethods, () =>
          db
            .select({ id: shippingMethods.id, name: shippingMethods.name })
            .from(shippingMethods)
            .where(inArray(shippingMethods.id, wanted.shippingMethods)),
        ),
        when(wanted.shippingZones, () =>
          db
            .select({ id: shippingZones.id, name: shippingZones.name })
            .from(shippingZones)
            .where(inArray(shippingZones.id, wanted.shippingZones)),
        ),
      ]);
      return {
        products: named(productRows),
        variants: Object.fromEntries(
          (variantRows ?? []).map((row) => [
            String(row.id),
            {
              productId: row.productId,
              // As people say it: "Summit Trail 25 in Red, 25 in"; a variant without options by its SKU.
              name: row.optionValues.length
                ? `${row.product} in ${row.optionValues.map((value) => value.label).join(', ')}`
                : `${row.product} (${row.sku})`,
            },
          ]),
        ),
        orders: Object.fromEntries(
          (orderRows ?? []).map((row) => [String(row.id), { currency: row.currency }]),
        ),
        // An erased customer has no name or email left: the sentence says "customer 7".
        customers: Object.fromEntries(
          (customerRows ?? [])
            .map((row) => [String(row.id), `${row.first} ${row.last}`.trim() || row.email] as const)
            .filter(([, name]) => name !== ''),
        ),
        staff: named(staffRows),
        content: Object.fromEntries((contentRows ?? []).map((row) => [row.key, row.title])),
        groups: named(groupRows),
        shippingMethods: named(methodRows),
        shippingZones: named(zoneRows),
      };
    },

    /** The entries about one entity (an order's, a customer's history). */
    forEntity(entity: string, entityId: string | number) {
      return this.list({ entity, entityId: String(entityId), limit: 200 });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
