import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Places booked at the brand's in-store demo days (SPEC §2 test-store). Events live in content (the test-store
 * page's `events`, with their capacity); a booking keeps the event's uid and date as they were when booked.
 */
export const demoBookings = pgTable(
  'demo_bookings',
  {
    id: serial('id').primaryKey(),
    eventUid: text('event_uid').notNull(),
    eventDate: text('event_date').notNull(),
    name: text('name').notNull(),
    /** Lower-cased, so one address books an event once. */
    email: text('email').notNull(),
    party: integer('party').notNull(),
    locale: text('locale').notNull(),
    /** When the visitor agreed to be contacted about this booking (the form's required consent box). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('demo_bookings_event_email').on(table.eventUid, table.email),
    index('demo_bookings_event').on(table.eventUid),
  ],
);
