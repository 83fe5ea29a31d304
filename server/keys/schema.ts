import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The delivery keys of this installation (content api_key and access_token, the search key), generated at the
 * first start for every one not given in settings. In the database, so that every process on one database
 * (several servers on one PostgreSQL) accepts and sends the same keys.
 */
export const deliveryKeys = pgTable('delivery_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
