import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Email signups from the footer form (SPEC §3 email signup settings: lists per region). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, so one address is one subscriber per list. */
    email: text('email').notNull(),
    listId: text('list_id').notNull(),
    locale: text('locale').notNull(),
    contentRegion: text('content_region').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_email_list').on(table.email, table.listId),
    index('newsletter_subscriptions_created').on(table.createdAt),
  ],
);
