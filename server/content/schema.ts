import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-environment publish state of an entry or asset (the delivery protocol's `publish_details`). */
export interface PublishDetail {
  environment: string;
  locale: string;
  time: string;
  version: number;
}

/**
 * Content entries of the built-in content service (SPEC §1, §3, §7): one row per content type, uid and locale.
 * `fields` holds the entry's fields as the delivery protocol returns them (references as
 * `{ uid, _content_type_uid }` lists). Only entries published to an environment are delivered there.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    contentType: text('content_type').notNull(),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    publishedTo: text('published_to').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.contentType, table.uid, table.locale] }),
    index('content_entries_type_locale_idx').on(table.contentType, table.locale),
    index('content_entries_uid_idx').on(table.uid),
    index('content_entries_updated_idx').on(table.updatedAt),
  ],
);

/** Assets (files known to the media service) described for the delivery protocol's /assets paths. */
export const contentAssets = pgTable(
  'content_assets',
  {
    uid: text('uid').notNull(),
    locale: text('locale').notNull().default('en-us'),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: integer('file_size').notNull().default(0),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    publishedTo: text('published_to').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.uid, table.locale] })],
);
