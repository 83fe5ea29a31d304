import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { commerceRegionsOfCountries, mailLocaleFor } from '#core/pro-approval.ts';
import { proCodeInfoOf } from '#core/pro-code.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { demoBookings } from '../bookings/schema.ts';
import type { Database } from '../db/database.ts';
import { newsletterSubscriptions } from '../newsletter/schema.ts';
import { eraseWishlistOf } from '../wishlist/index.ts';
import type { Accounts } from './accounts.ts';
import { addressJson, type Customers, customerJson } from './customers.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { type Groups, groupJson } from './groups.ts';
import type { RateLimits } from './rate-limits.ts';
import { eraseReviewsOf } from './reviews.ts';
import {
  addresses,
  type CustomerRow,
  customerGroups,
  customers,
  passwordResets,
  rateLimits,
  sessions,
  signupConfirmations,
} from './schema-customers.ts';
import { discountRedemptions } from './schema-discounts.ts';
import { carts, type OrderAddressRecord, orderItems, orders } from './schema-sales.ts';

/**
 * The back office's customer use cases (issue 19): search, the customer page, change group, a reset mail,
 * disable/enable, export and erase (what EU shoppers are entitled to). Every change is one transaction with
 * its audit entry; a refusal is decided before anything is written.
 */

export const CUSTOMER_PAGE_SIZE = 25;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the back office shows of a customer: never the password hash. */
export function adminCustomerJson(row: CustomerRow) {
  return {
    ...customerJson(row),
    pro_expires_at: row.proExpiresAt?.toISOString() ?? null,
    pro_spend_limit: row.proSpendLimit,
    pro_employee: row.proEmployee,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    erased_at: row.erasedAt?.toISOString() ?? null,
  };
}

export type AdminCustomerJson = ReturnType<typeof adminCustomerJson>;

/** Escapes LIKE's wildcards so a search for "a_b" finds that text, not "a?b". */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The order address with every personal field blanked: the country (and state, for tax) stay for the books. */
export function anonymisedAddress(address: OrderAddressRecord): OrderAddressRecord {
  return {
    first_name: '',
    last_name: '',
    company: '',
    street_1: '',
    street_2: '',
    city: '',
    state: address.state,
    zip: '',
    country_iso2: address.country_iso2,
    email: '',
    phone: '',
  };
}

export function createCustomerAdmin(deps: {
  db: Database;
  customers: Customers;
  accounts: Pick<Accounts, 'mailResetLink'>;
  groups: Pick<Groups, 'proStatus'>;
  rateLimits: Pick<RateLimits, 'keysOfEmail'>;
}) {
  const { db } = deps;

  /** The customer's row, locked for the change (FOR UPDATE), or a 404. */
  async function lockCustomer(tx: Tx, id: number): Promise<CustomerRow> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!row) throw notFound(`No customer ${id}`);
    return row;
  }

  async function countriesOf(executor: Pick<Database, 'select'>, id: number): Promise<string[]> {
    const rows = await executor
      .select({ country: addresses.countryCode })
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(desc(addresses.isDefault), asc(addresses.id));
    return rows.map((row) => row.country);
  }

  /**
   * The commerce regions a customer can use: those of their address countries and of their current group. A
   * customer with neither (no address yet, no group) may be put in any region's group.
   */
  async function usableRegions(
    executor: Pick<Database, 'select'>,
    row: CustomerRow,
  ): Promise<string[] | null> {
    const regions = new Set<string>(commerceRegionsOfCountries(await countriesOf(executor, row.id)));
    if (row.groupId !== null) {
      const [group] = await executor
        .select({ regionId: customerGroups.regionId })
        .from(customerGroups)
        .where(eq(customerGroups.id, row.groupId));
      if (group) regions.add(group.regionId);
    }
    return regions.size ? [...regions] : null;
  }

  /** The segment a customer's mail is written in: the pro application's locale, else their country's. */
  async function mailLocaleOf(row: CustomerRow): Promise<string> {
    const [country] = await countriesOf(db, row.id);
    return mailLocaleFor(proCodeInfoOf({ notes: row.notes, form_fields: row.formFields })?.locale, country);
  }

  return {
    /**
     * Customers newest first, one keyset page at a time: `q` matches the start of the email or any part of the
     * name; `group` narrows to one group; `after` is the last id of the previous page.
     */
    async search(input: { q?: string; group?: number; after?: number; limit?: number } = {}) {
      const limit = Math.min(Math.max(input.limit ?? CUSTOMER_PAGE_SIZE, 1), 100);
      const conditions: SQL[] = [];
      const q = input.q?.trim();
      if (q) {
        const prefix = `${likeEscape(q.toLowerCase())}%`;
        const part = `%${likeEscape(q.toLowerCase())}%`;
        conditions.push(
          or(
            sql`lower(${customers.email}) like ${prefix}`,
            sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${part}`,
          )!,
        );
      }
      if (input.group !== undefined) conditions.push(eq(customers.groupId, input.group));
      if (input.after !== undefined) conditions.push(lt(customers.id, input.after));
      const rows = await db
        .select({ customer: customers, groupName: customerGroups.name })
        .from(customers)
        .leftJoin(customerGroups, eq(customerGroups.id, customers.groupId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(customers.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        customers: page.map(({ customer, groupName }) => ({
          id: customer.id,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          group: groupName,
          is_pro: customerJson(customer).isPro,
          disabled: customer.disabledAt !== null,
          erased: customer.erasedAt !== null,
          created_at: customer.createdAt.toISOString(),
        })),
        next: rows.length > limit ? page.at(-1)!.customer.id : null,
      };
    },

    /** The customer page: profile, group (and the groups it may move to), addresses, orders, sessions, pro. */
    async detail(id: number, now = new Date()) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      if (!row) throw notFound(`No customer ${id}`);
      const [group] = row.groupId
        ? await db.select().from(customerGroups).where(eq(customerGroups.id, row.groupId))
        : [];
      const regions = await usableRegions(db, row);
      const [addressRows, orderRows, sessionRows, groupRows, pro] = await Promise.all([
        db
          .select()
          .from(addresses)
          .where(eq(addresses.customerId, id))
          .orderBy(desc(addresses.isDefault), asc(addresses.id)),
        db
          .select({
            id: orders.id,
            status: orders.status,
            total: orders.total,
            currency: orders.currencyCode,
            region: orders.regionId,
            createdAt: orders.createdAt,
          })
          .from(orders)
          .where(eq(orders.customerId, id))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(100),
        db
          .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(and(eq(sessions.customerId, id), gt(sessions.expiresAt, now)))
          .orderBy(desc(sessions.createdAt)),
        db
          .select()
          .from(customerGroups)
          .where(regions ? inArray(customerGroups.regionId, regions) : undefined)
          .orderBy(asc(customerGroups.id)),
        deps.groups.proStatus(id, now),
      ]);
      const profile = adminCustomerJson(row);
      return {
        customer: profile,
        group: group ? groupJson(group) : null,
        /** Groups this customer may be moved to (pro groups only once they are pro). */
        groupChoices: groupRows
          .filter((choice) => !choice.isPro || profile.isPro || choice.id === row.groupId)
          .map(groupJson),
        addresses: addressRows.map(addressJson),
        orders: orderRows.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
        sessions: sessionRows.map((session) => ({
          createdAt: session.createdAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
        })),
        pro: { application: profile.proCodeInfo, status: pro },
      };
    },

    /**
     * Moves the customer to another group of a region they can use. A pro group is only for pro customers
     * (approving a pro application puts them there).
     */
    async changeGroup(actor: Actor, id: number, groupId: number) {
      return db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        const [group] = await tx.select().from(customerGroups).where(eq(customerGroups.id, groupId));
        if (!group) throw badRequest(`No customer group ${groupId}`);
        const regions = await usableRegions(tx, row);
        if (regions && !regions.includes(group.regionId))
          throw badRequest(
            `${group.name} belongs to the ${group.regionId} region, which this customer does not use (${regions.join(', ')})`,
          );
        if (group.isPro && !customerJson(row).isPro)
          throw badRequest(`${group.name} is a pro group: approve a pro application to give pro pricing`);
        if (row.groupId === groupId) return adminCustomerJson(row);
        const [updated] = await tx
          .update(customers)
          .set({ groupId, updatedAt: new Date() })
          .where(eq(customers.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'customer.group-changed',
          entity: 'customer',
          entityId: id,
          before: { groupId: row.groupId },
          after: { groupId },
        });
        return adminCustomerJson(updated!);
      });
    },

    /** Mails the customer a reset link: the same token and mail as the storefront's account/reset form. */
    async sendPasswordReset(actor: Actor, id: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      if (!row) throw notFound(`No customer ${id}`);
      if (row.disabledAt || row.erasedAt)
        throw conflict('This account is disabled: enable it before sending a reset link');
      const reset = await db.transaction(async (tx) => {
        const made = await deps.customers.createPasswordReset(row.email, new Date(), tx);
        if (!made) throw conflict('This account cannot be reset');
        await recordAudit(tx, actor, {
          action: 'customer.password-reset-sent',
          entity: 'customer',
          entityId: id,
          after: { expiresAt: made.expiresAt.toISOString() },
        });
        return made;
      });
      await deps.accounts.mailResetLink(reset, await mailLocaleOf(row));
      return { sent: true, expiresAt: reset.expiresAt.toISOString() };
    },

    /** Disables the account: its sessions end in the same transaction; sign-in and reset refuse it. */
    async disable(actor: Actor, id: number, now = new Date()) {
      return db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        if (row.erasedAt) throw conflict('This customer was erased');
        if (row.disabledAt) throw conflict('This account is already disabled');
        const [updated] = await tx
          .update(customers)
          .set({ disabledAt: now, updatedAt: now })
          .where(eq(customers.id, id))
          .returning();
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.customerId, id))
          .returning({ id: sessions.id });
        await recordAudit(tx, actor, {
          action: 'customer.disabled',
          entity: 'customer',
          entityId: id,
          before: { disabledAt: null },
          after: { disabledAt: now.toISOString(), sessionsEnded: ended.length },
        });
        return adminCustomerJson(updated!);
      });
    },

    async enable(actor: Actor, id: number, now = new Date()) {
      return db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        if (row.erasedAt) throw conflict('This customer was erased');
        if (!row.disabledAt) throw conflict('This account is not disabled');
        const [updated] = await tx
          .update(customers)
          .set({ disabledAt: null, updatedAt: now })
          .where(eq(customers.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'customer.enabled',
          entity: 'customer',
          entityId: id,
          before: { disabledAt: row.disabledAt.toISOString() },
          after: { disabledAt: null },
        });
        return adminCustomerJson(updated!);
      });
    },

    /**
     * Everything personal the store holds of the customer, as JSON (GDPR access): profile, addresses, orders
     * with their lines, the email's newsletter subscriptions, demo-day bookings and sign-up confirmations (never
     * their token or password hash), and the sessions' metadata. Audit-logged.
     */
    async exportData(actor: Actor, id: number, now = new Date()) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(customers).where(eq(customers.id, id));
        if (!row) throw notFound(`No customer ${id}`);
        // One statement at a time: a transaction is one connection.
        const addressRows = await tx
          .select()
          .from(addresses)
          .where(eq(addresses.customerId, id))
          .orderBy(asc(addresses.id));
        const orderRows = await tx
          .select()
          .from(orders)
          .where(eq(orders.customerId, id))
          .orderBy(asc(orders.id));
        const subscriptionRows = await tx
          .select({
            list: newsletterSubscriptions.listId,
            locale: newsletterSubscriptions.locale,
            region: newsletterSubscriptions.contentRegion,
            createdAt: newsletterSubscriptions.createdAt,
          })
          .from(newsletterSubscriptions)
          .where(sql`lower(${newsletterSubscriptions.email}) = lower(${row.email})`)
          .orderBy(asc(newsletterSubscriptions.id));
        const sessionRows = await tx
          .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.customerId, id))
          .orderBy(asc(sessions.createdAt));
        const bookingRows = await tx
          .select()
          .from(demoBookings)
          .where(eq(demoBookings.email, row.email.toLowerCase()))
          .orderBy(asc(demoBookings.id));
        const signupRows = await tx
          .select()
          .from(signupConfirmations)
          .where(sql`lower(${signupConfirmations.email}) = lower(${row.email})`)
          .orderBy(asc(signupConfirmations.createdAt));
        const lines = orderRows.length
          ? await tx
              .select()
              .from(orderItems)
              .where(
                inArray(
                  orderItems.orderId,
                  orderRows.map((order) => order.id),
                ),
              )
              .orderBy(asc(orderItems.id))
          : [];
        const { customer_group_id: _, groupId: __, ...profile } = adminCustomerJson(row);
        const exported = {
          exported_at: now.toISOString(),
          profile: { ...profile, customer_group_id: row.groupId },
          addresses: addressRows.map(addressJson),
          orders: orderRows.map((order) => ({
            id: order.id,
            status: order.status,
            created_at: order.createdAt.toISOString(),
            email: order.email,
            region: order.regionId,
            currency: order.currencyCode,
            subtotal: order.subtotal,
            shipping_cost: order.shippingCost,
            tax_total: order.taxTotal,
            total: order.total,
            payment_method: order.paymentMethod,
            shipping_method: order.shippingMethod,
            billing_address: order.billingAddress,
            shipping_address: order.shippingAddress,
            lines: lines
              .filter((line) => line.orderId === order.id)
              .map((line) => ({
                name: line.name,
                sku: line.sku,
                quantity: line.quantity,
                price: line.price,
              })),
          })),
          newsletter_subscriptions: subscriptionRows.map((entry) => ({
            ...entry,
            createdAt: entry.createdAt.toISOString(),
          })),
          demo_bookings: bookingRows.map((booking) => ({
            event_uid: booking.eventUid,
            event_date: booking.eventDate,
            name: booking.name,
            email: booking.email,
            party: booking.party,
            locale: booking.locale,
            consent_at: booking.consentAt.toISOString(),
            created_at: booking.createdAt.toISOString(),
          })),
          signup_confirmations: signupRows.map((signup) => ({
            email: signup.email,
            region: signup.regionId,
            details: signup.details,
            pro_application: signup.proApplication,
            created_at: signup.createdAt.toISOString(),
            expires_at: signup.expiresAt.toISOString(),
            used_at: signup.usedAt?.toISOString() ?? null,
          })),
          sessions: sessionRows.map((session) => ({
            created_at: session.createdAt.toISOString(),
            expires_at: session.expiresAt.toISOString(),
          })),
        };
        await recordAudit(tx, actor, {
          action: 'customer.exported',
          entity: 'customer',
          entityId: id,
          after: {
            addresses: exported.addresses.length,
            orders: exported.orders.length,
            newsletterSubscriptions: exported.newsletter_subscriptions.length,
            demoBookings: exported.demo_bookings.length,
            signupConfirmations: exported.signup_confirmations.length,
            sessions: exported.sessions.length,
          },
        });
        return exported;
      });
    },

    /**
     * Erases the customer (GDPR erasure): the row is anonymised and can never sign in, addresses, sessions,
     * reset links, carts, every throttle counter of the address (hashed keys, rate-limits.ts) and the email's
     * newsletter subscriptions, demo-day bookings and sign-up confirmations are deleted (a future booking's
     * places are freed); the orders stay for the books with every personal field blanked (country, state and
     * totals kept). The append-only audit log is not rewritten: a staff sign-in tried with the address keeps it
     * (a security record). The audit entry of the erase records what was removed by count, never the personal
     * data itself.
     * What stays and why: docs/decisions/0037-erase-and-hashed-throttle-keys.md.
     */
    async erase(actor: Actor, id: number, now = new Date()) {
      return db.transaction(async (tx) => {
        const row = await lockCustomer(tx, id);
        if (row.erasedAt) throw conflict('This customer was already erased');
        const email = row.email.toLowerCase();
        const [updated] = await tx
          .update(customers)
          .set({
            email: `erased-${id}@invalid`,
            // Not an argon2 hash: verifyPassword can never match it.
            passwordHash: 'erased',
            firstName: '',
            lastName: '',
            company: '',
            phone: '',
            notes: '',
            formFields: [],
            acceptsMarketing: false,
            proExpiresAt: null,
            proSpendLimit: null,
            proEmployee: false,
            disabledAt: row.disabledAt ?? now,
            erasedAt: now,
            updatedAt: now,
          })
          .where(eq(customers.id, id))
          .returning();
        const removedAddresses = await tx
          .delete(addresses)
          .where(eq(addresses.customerId, id))
          .returning({ id: addresses.id });
        const endedSessions = await tx
          .delete(sessions)
          .where(eq(sessions.customerId, id))
          .returning({ id: sessions.id });
        await tx.delete(passwordResets).where(eq(passwordResets.customerId, id));
        await tx.delete(carts).where(eq(carts.customerId, id));
        const throttles = deps.rateLimits.keysOfEmail(email);
        const removedThrottles = await tx
          .delete(rateLimits)
          .where(
            or(
              inArray(rateLimits.key, throttles.keys),
              ...throttles.prefixes.map((prefix) => sql`starts_with(${rateLimits.key}, ${prefix})`),
            ),
          )
          .returning({ key: rateLimits.key });
        const removedSubscriptions = await tx
          .delete(newsletterSubscriptions)
          .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`)
          .returning({ id: newsletterSubscriptions.id });
        const removedBookings = await tx
          .delete(demoBookings)
          .where(sql`lower(${demoBookings.email}) = ${email}`)
          .returning({ id: demoBookings.id });
        const removedSignups = await tx
          .delete(signupConfirmations)
          .where(sql`lower(${signupConfirmations.email}) = ${email}`)
          .returning({ tokenHash: signupConfirmations.tokenHash });
        // A guest's uses of a discount code are counted under their address (core/discount-code.ts shopperKey):
        // the count stays with the order, under a key that names no one.
        await tx
          .update(discountRedemptions)
          .set({ shopperKey: sql`'erased:' || ${discountRedemptions.id}` })
          .where(eq(discountRedemptions.shopperKey, `email:${email}`));
        const removedReviews = await eraseReviewsOf(tx, id);
        const removedWishlist = await eraseWishlistOf(tx, id);
        const customerOrders = await tx
          .select({
            id: orders.id,
            billingAddress: orders.billingAddress,
            shippingAddress: orders.shippingAddress,
          })
          .from(orders)
          .where(or(eq(orders.customerId, id), sql`lower(${orders.email}) = ${email}`))
          .for('update');
        for (const order of customerOrders) {
          await tx
            .update(orders)
            .set({
              email: '',
              billingAddress: anonymisedAddress(order.billingAddress),
              shippingAddress: anonymisedAddress(order.shippingAddress),
              placedBySession: null,
              version: sql`${orders.version} + 1`,
              updatedAt: now,
            })
            .where(eq(orders.id, order.id));
        }
        await recordAudit(tx, actor, {
          action: 'customer.erased',
          entity: 'customer',
          entityId: id,
          before: { erasedAt: null, disabled: row.disabledAt !== null },
          after: {
            erasedAt: now.toISOString(),
            addressesDeleted: removedAddresses.length,
            sessionsEnded: endedSessions.length,
            newsletterSubscriptionsDeleted: removedSubscriptions.length,
            demoBookingsDeleted: removedBookings.length,
            signupConfirmationsDeleted: removedSignups.length,
            throttleCountersDeleted: removedThrottles.length,
            ordersAnonymised: customerOrders.length,
            reviewsDeleted: removedReviews.reviewsDeleted,
            reviewVotesDeleted: removedReviews.votesDeleted,
            wishlistItemsDeleted: removedWishlist,
          },
        });
        return {
          customer: adminCustomerJson(updated!),
          ordersAnonymised: customerOrders.length,
          addressesDeleted: removedAddresses.length,
        };
      });
    },

    /** Used by the pro accounts use cases: the customer's mail locale. */
    mailLocaleOf,
    usableRegions,
  };
}

export type CustomerAdmin = ReturnType<typeof createCustomerAdmin>;
