import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { countryByIso } from '#core/countries.ts';
import { toCustomer } from '#core/customer.ts';
import { PRO_CODE_FIELD, proCodeInfoOf } from '#core/pro-code.ts';
import { statesOf } from '#core/states.ts';
import type { Database } from '../db/database.ts';
import { badRequest, CommerceError, conflict, notFound } from './errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  type AddressRow,
  addresses,
  type CustomerRow,
  customerGroups,
  customers,
  passwordResets,
  sessions,
  signupConfirmations,
} from './schema-customers.ts';

/** How long an emailed password-reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** How long an emailed sign-up confirmation link works. */
export const SIGNUP_TOKEN_TTL_MINUTES = 24 * 60;

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token mailed in a link: hex, because base64url can spell a blocked URL substring such as `wp-` (decision 0028). */
const linkToken = () => randomBytes(32).toString('hex');

/** Customers and their addresses (SPEC §3 customer; the country and state options of §3/§9). */

export function customerJson(row: CustomerRow) {
  const core = toCustomer({
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    customer_group_id: row.groupId,
    notes: row.notes,
    form_fields: row.formFields,
  });
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    phone: row.phone,
    customer_group_id: row.groupId ?? 0,
    groupId: row.groupId,
    notes: row.notes,
    form_fields: row.formFields,
    isPro: core.isPro,
    proCodeInfo: core.proCodeInfo,
    accepts_product_review_abandoned_cart_emails: row.acceptsMarketing,
    date_created: row.createdAt.toISOString(),
    date_modified: row.updatedAt.toISOString(),
  };
}

export type CustomerJson = ReturnType<typeof customerJson>;

export function addressJson(row: AddressRow) {
  return {
    id: row.id,
    customer_id: row.customerId,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state_or_province: row.stateOrProvince,
    postal_code: row.postalCode,
    country_code: row.countryCode,
    country: countryByIso(row.countryCode)?.text ?? row.countryCode,
    phone: row.phone,
    address_type: row.addressType,
    is_default: row.isDefault,
  };
}

export interface CustomerInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company?: string;
  phone?: string;
  accepts_marketing?: boolean;
}

export interface CustomerUpdate {
  email?: string;
  first_name?: string;
  last_name?: string;
  company?: string;
  phone?: string;
  password?: string;
  current_password?: string;
}

export interface AddressInput {
  first_name: string;
  last_name: string;
  company?: string;
  address1: string;
  address2?: string;
  city: string;
  state_or_province?: string;
  postal_code: string;
  country_code: string;
  phone?: string;
  address_type?: 'residential' | 'commercial';
}

/** Checks the country is one the store lists and, for the US and Canada, that the state is one of its own. */
function normaliseAddress(input: AddressInput) {
  const country = countryByIso(input.country_code.toLowerCase());
  if (!country) throw badRequest(`country_code '${input.country_code}' is not a country the store ships to`);
  const states = statesOf(country.iso);
  let state = input.state_or_province?.trim() ?? '';
  if (states.length) {
    const wanted = state.toLowerCase();
    const match = states.find(
      (option) =>
        option.text.toLowerCase() === wanted ||
        option.code.toLowerCase() === wanted ||
        option.value === wanted,
    );
    if (!match)
      throw badRequest(`state_or_province '${state}' is not a state or province of ${country.text}`);
    state = match.text;
  }
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    company: input.company ?? '',
    address1: input.address1,
    address2: input.address2 ?? '',
    city: input.city,
    stateOrProvince: state,
    postalCode: input.postal_code,
    countryCode: country.iso.toUpperCase(),
    phone: input.phone ?? '',
    addressType: input.address_type ?? 'residential',
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/** The customer's form fields with a pending pro application as its 'Pro Code' JSON (§3). */
function withProApplication(
  formFields: ReadonlyArray<{ name: string; value: string }>,
  application: Record<string, string>,
  now = new Date(),
) {
  const info = { ...application, region: 'pending', applied_at: now.toISOString() };
  return [
    ...formFields.filter((field) => field.name !== PRO_CODE_FIELD),
    { name: PRO_CODE_FIELD, value: JSON.stringify(info) },
  ];
}

export function createCustomers(db: Database) {
  const byId = db
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('customers_by_id');
  const byEmail = db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${sql.placeholder('email')})`)
    .prepare('customers_by_email');

  const api = {
    async get(id: number): Promise<CustomerJson> {
      const [row] = await byId.execute({ id });
      if (!row) throw notFound(`No customer ${id}`);
      return customerJson(row);
    },

    async find(id: number): Promise<CustomerJson | null> {
      const [row] = await byId.execute({ id });
      return row ? customerJson(row) : null;
    },

    async findByEmail(email: string): Promise<CustomerJson | null> {
      const [row] = await byEmail.execute({ email });
      return row ? customerJson(row) : null;
    },

    /** The customer when the password matches; the same time is spent for an unknown email. */
    async authenticate(email: string, password: string): Promise<CustomerJson | null> {
      const [row] = await byEmail.execute({ email });
      if (!row) {
        await verifyPassword(await dummyPasswordHash(), password);
        return null;
      }
      return (await verifyPassword(row.passwordHash, password)) ? customerJson(row) : null;
    },

    /** A new customer in the region's guest group. 409 when the email is taken (any letter case). */
    async create(regionId: string, input: CustomerInput): Promise<CustomerJson> {
      const [group] = await db
        .select({ id: customerGroups.id })
        .from(customerGroups)
        .where(and(eq(customerGroups.regionId, regionId), eq(customerGroups.isGroupForGuests, true)))
        .limit(1);
      const passwordHash = await hashPassword(input.password);
      try {
        const [row] = await db
          .insert(customers)
          .values({
            email: input.email.trim(),
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            company: input.company ?? '',
            phone: input.phone ?? '',
            acceptsMarketing: input.accepts_marketing ?? false,
            groupId: group?.id ?? null,
          })
          .returning();
        return customerJson(row!);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('An account with this email address already exists', 'email-taken');
        throw error;
      }
    },

    /**
     * Changes a customer. A new password ends every session of the customer except `keepSessionId` (the one
     * that made the change); without it, all of them end, so a caller that forgets cannot leave a stolen
     * session alive.
     */
    async update(
      id: number,
      input: CustomerUpdate,
      options: { keepSessionId?: string | null } = {},
    ): Promise<CustomerJson> {
      const [current] = await byId.execute({ id });
      if (!current) throw notFound(`No customer ${id}`);
      const changes: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
      if (input.first_name !== undefined) changes.firstName = input.first_name;
      if (input.last_name !== undefined) changes.lastName = input.last_name;
      if (input.company !== undefined) changes.company = input.company;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.email !== undefined || input.password !== undefined) {
        if (!input.current_password || !(await verifyPassword(current.passwordHash, input.current_password)))
          throw new CommerceError(
            'wrong-password',
            'Forbidden',
            'current_password is required and must match to change the email or password',
          );
        if (input.email !== undefined) changes.email = input.email.trim();
        if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
      }
      try {
        const [row] = await db.transaction(async (tx) => {
          const updated = await tx.update(customers).set(changes).where(eq(customers.id, id)).returning();
          if (changes.passwordHash) {
            const keep = options.keepSessionId;
            await tx
              .delete(sessions)
              .where(
                keep ? and(eq(sessions.customerId, id), ne(sessions.id, keep)) : eq(sessions.customerId, id),
              );
          }
          return updated;
        });
        return customerJson(row!);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('An account with this email address already exists', 'email-taken');
        throw error;
      }
    },

    /**
     * A one-use password-reset token for the account with this email, or null when there is none (the caller
     * answers the same either way, so the form does not tell who has an account).
     */
    async createPasswordReset(
      email: string,
      now = new Date(),
      executor: Pick<Database, 'insert' | 'select'> = db,
    ) {
      // Inside a caller's transaction every statement goes through it (PGlite has one connection).
      const [row] =
        executor === db
          ? await byEmail.execute({ email })
          : await executor.select().from(customers).where(sql`lower(${customers.email}) = lower(${email})`);
      // A disabled or erased account gets no reset link (the answer stays the same: nothing tells it apart).
      if (!row || row.disabledAt || row.erasedAt) return null;
      const token = linkToken();
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
      await executor
        .insert(passwordResets)
        .values({ tokenHash: hashResetToken(token), customerId: row.id, expiresAt });
      return { token, customer: customerJson(row), expiresAt };
    },

    /**
     * A sign-up, kept until its address is confirmed (issue 17 #8). The password is hashed in both cases, so a
     * known address costs the time a new one does; for a known address nothing is stored and the caller mails
     * its owner instead. Never tells the caller more than `known` (no account is created here).
     */
    async startSignUp(
      regionId: string,
      input: CustomerInput,
      options: { proApplication?: Record<string, string>; returnTo?: string | null } = {},
      now = new Date(),
    ): Promise<
      | { known: true; customer: CustomerJson }
      | { known: false; token: string; email: string; firstName: string; expiresAt: Date }
    > {
      const email = input.email.trim();
      const [passwordHash, [row]] = await Promise.all([
        hashPassword(input.password),
        byEmail.execute({ email }),
      ]);
      if (row) return { known: true, customer: customerJson(row) };
      const token = linkToken();
      const expiresAt = new Date(now.getTime() + SIGNUP_TOKEN_TTL_MINUTES * 60_000);
      await db.insert(signupConfirmations).values({
        tokenHash: hashResetToken(token),
        email,
        regionId,
        passwordHash,
        details: {
          first_name: input.first_name,
          last_name: input.last_name,
          company: input.company ?? '',
          phone: input.phone ?? '',
          accepts_marketing: input.accepts_marketing ?? false,
        },
        proApplication: options.proApplication ?? null,
        returnTo: options.returnTo ?? null,
        expiresAt,
      });
      return { known: false, token, email, firstName: input.first_name, expiresAt };
    },

    /** Whether a sign-up confirmation token is unused and unexpired. */
    async signUpPending(token: string, now = new Date()): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: signupConfirmations.tokenHash })
        .from(signupConfirmations)
        .where(
          and(
            eq(signupConfirmations.tokenHash, hashResetToken(token)),
            isNull(signupConfirmations.usedAt),
            gt(signupConfirmations.expiresAt, now),
          ),
        );
      return Boolean(row);
    },

    /**
     * Creates the account of a confirmed sign-up, once, in one transaction with using up its token: 410 when the
     * token is unknown, used or expired, or when the address got an account meanwhile (nothing changes then).
     */
    async confirmSignUp(
      token: string,
      now = new Date(),
    ): Promise<{ customer: CustomerJson; pro: boolean; returnTo: string | null }> {
      const gone = () =>
        new CommerceError('signup-expired', 'Gone', 'This confirmation link has expired or was already used');
      try {
        return await db.transaction(async (tx) => {
          const [pending] = await tx
            .update(signupConfirmations)
            .set({ usedAt: now })
            .where(
              and(
                eq(signupConfirmations.tokenHash, hashResetToken(token)),
                isNull(signupConfirmations.usedAt),
                gt(signupConfirmations.expiresAt, now),
              ),
            )
            .returning();
          if (!pending) throw gone();
          const [group] = await tx
            .select({ id: customerGroups.id })
            .from(customerGroups)
            .where(
              and(eq(customerGroups.regionId, pending.regionId), eq(customerGroups.isGroupForGuests, true)),
            )
            .limit(1);
          const { details } = pending;
          const [row] = await tx
            .insert(customers)
            .values({
              email: pending.email,
              passwordHash: pending.passwordHash,
              firstName: details.first_name,
              lastName: details.last_name,
              company: details.company ?? '',
              phone: details.phone ?? '',
              acceptsMarketing: details.accepts_marketing ?? false,
              groupId: group?.id ?? null,
              formFields: pending.proApplication ? withProApplication([], pending.proApplication, now) : [],
            })
            .returning();
          return {
            customer: customerJson(row!),
            pro: pending.proApplication !== null,
            returnTo: pending.returnTo,
          };
        });
      } catch (error) {
        // Two sign-ups of one address both confirmed: the second finds the account there (nothing changed).
        if (isUniqueViolation(error)) throw gone();
        throw error;
      }
    },

    /** Whether a reset token is unused and unexpired. */
    async passwordResetValid(token: string, now = new Date()): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: passwordResets.tokenHash })
        .from(passwordResets)
        .innerJoin(customers, eq(customers.id, passwordResets.customerId))
        .where(
          and(
            eq(passwordResets.tokenHash, hashResetToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
            isNull(customers.disabledAt),
          ),
        );
      return Boolean(row);
    },

    /** Sets a new password with a reset token (once); 410 when the token is unknown, used or expired. */
    async resetPassword(token: string, password: string, now = new Date()): Promise<CustomerJson> {
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, hashResetToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ customerId: passwordResets.customerId });
        if (!used)
          throw new CommerceError('reset-expired', 'Gone', 'This reset link has expired or was already used');
        // A link mailed before the account was disabled no longer works (the token stays unused).
        const [row] = await tx
          .update(customers)
          .set({ passwordHash, updatedAt: now })
          .where(and(eq(customers.id, used.customerId), isNull(customers.disabledAt)))
          .returning();
        if (!row)
          throw new CommerceError('reset-expired', 'Gone', 'This reset link has expired or was already used');
        // Whoever knew the old password (or holds a stolen session) is signed out everywhere.
        await tx.delete(sessions).where(eq(sessions.customerId, used.customerId));
        return customerJson(row);
      });
    },

    /** Whether the account is disabled (or erased): such an account cannot sign in or reset its password. */
    async isDisabled(id: number): Promise<boolean> {
      const [row] = await byId.execute({ id });
      return Boolean(row?.disabledAt || row?.erasedAt);
    },

    /**
     * Stores a pro application as the customer's 'Pro Code' JSON (§3). Its region is 'pending' until the pro
     * team approves it (then 'pro', 'pro_ca' or 'pro_eu_region_1'), so applying never grants pro prices alone.
     */
    async applyForPro(id: number, application: Record<string, string>): Promise<CustomerJson> {
      const [current] = await byId.execute({ id });
      if (!current) throw notFound(`No customer ${id}`);
      const existing = proCodeInfoOf({ notes: current.notes, form_fields: current.formFields });
      if (typeof existing?.region === 'string' && existing.region.startsWith('pro'))
        throw conflict('This account already has pro pricing', 'already-pro');
      const formFields = withProApplication(current.formFields, application);
      const [row] = await db
        .update(customers)
        .set({ formFields, updatedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return customerJson(row!);
    },

    async delete(id: number): Promise<void> {
      const deleted = await db.delete(customers).where(eq(customers.id, id)).returning({ id: customers.id });
      if (deleted.length === 0) throw notFound(`No customer ${id}`);
    },

    async addresses(customerId: number) {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(desc(addresses.isDefault), asc(addresses.id));
      return rows.map(addressJson);
    },

    /** Makes one of the customer's addresses the default (and no other); another customer's is not found. */
    async setDefaultAddress(customerId: number, addressId: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
          .for('update');
        if (!row) throw notFound(`No address ${addressId}`);
        await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.customerId, customerId));
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId));
      });
    },

    async addAddress(customerId: number, input: AddressInput) {
      const [row] = await db
        .insert(addresses)
        .values({ ...normaliseAddress(input), customerId })
        .returning();
      return addressJson(row!);
    },

    async updateAddress(customerId: number, addressId: number, input: AddressInput) {
      const [row] = await db
        .update(addresses)
        .set(normaliseAddress(input))
        .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
        .returning();
      if (!row) throw notFound(`No address ${addressId}`);
      return addressJson(row);
    },

    async deleteAddress(customerId: number, addressId: number) {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
        .returning({ id: addresses.id });
      if (deleted.length === 0) throw notFound(`No address ${addressId}`);
    },
  };
  return api;
}

export type Customers = ReturnType<typeof createCustomers>;
