import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { commerceRegions } from './schema.ts';

/** Customer groups, customers, addresses, sessions and rate-limit counters (SPEC §3, §6). */

export interface DiscountRuleRecord {
  /** all, category or product: what the rule covers. */
  type: 'all' | 'category' | 'product';
  /** percent off, fixed amount off, or a fixed price. */
  method: 'percent' | 'fixed' | 'price';
  amount: string;
  category_id?: number;
  product_id?: number;
}

export const customerGroups = pgTable(
  'customer_groups',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    regionId: text('region_id')
      .notNull()
      .references(() => commerceRegions.id),
    isGroupForGuests: boolean('is_group_for_guests').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    isPro: boolean('is_pro').notNull().default(false),
    isEmployee: boolean('is_employee').notNull().default(false),
    spendLimit: numeric('spend_limit', { precision: 12, scale: 2, mode: 'number' }).notNull().default(3000),
    discountRules: jsonb('discount_rules').$type<DiscountRuleRecord[]>().notNull(),
  },
  (t) => [index('customer_groups_region_idx').on(t.regionId)],
);

export interface FormFieldRecord {
  name: string;
  value: string;
}

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    groupId: integer('group_id').references(() => customerGroups.id),
    notes: text('notes').notNull().default(''),
    formFields: jsonb('form_fields').$type<FormFieldRecord[]>().notNull().default([]),
    proExpiresAt: timestamp('pro_expires_at', { withTimezone: true }),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    /** Pro terms set by the pro team on approval; null falls back to the group's (§3, §7 /api/pro/order_total). */
    proSpendLimit: numeric('pro_spend_limit', { precision: 12, scale: 2, mode: 'number' }),
    proEmployee: boolean('pro_employee').notNull().default(false),
    /** A disabled account cannot sign in and its sessions are gone; an erased one keeps only its orders' totals. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateOrProvince: text('state_or_province').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull(),
    phone: text('phone').notNull().default(''),
    addressType: text('address_type', { enum: ['residential', 'commercial'] })
      .notNull()
      .default('residential'),
    /** The customer's default address: listed first and chosen first at checkout. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

/** Server-side sessions: the cookie carries a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    cartId: text('cart_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters for login and account-creation limits; shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export type CustomerGroupRow = typeof customerGroups.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

/** Password reset tokens: the emailed link carries a random token, the table its SHA-256; one use, expiring. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_customer_idx').on(t.customerId)],
);

/** What a sign-up keeps until its address is confirmed: the form's fields without the password. */
export interface SignupDetailsRecord {
  first_name: string;
  last_name: string;
  company?: string;
  phone?: string;
  accepts_marketing?: boolean;
}

/**
 * Sign-ups waiting for their address to be confirmed (issue 17 #8): the emailed link carries a random token, the
 * table its SHA-256; one use, expiring. The account is created when the link is followed, never before, so the
 * sign-up form answers the same for a new and a known address.
 */
export const signupConfirmations = pgTable(
  'signup_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    regionId: text('region_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    details: jsonb('details').$type<SignupDetailsRecord>().notNull(),
    /** A pro sign-up's application (§2 /pro/create), stored with the account when it is created. */
    proApplication: jsonb('pro_application').$type<Record<string, string>>(),
    /** Where the shopper goes once signed in (a path of this site, checked again when used). */
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_confirmations_expires_idx').on(t.expiresAt)],
);
