import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-environment publish state of an entry or asset (the delivery protocol's `publish_details`). */
export interface PublishDetail {
  environment: string;
  locale: string;
  time: string;
  version: number;
}

/**
 * Content entries of the built-in content service (SPEC §1, §3, §7): the WORKING COPY editors save, one row per
 * content type, uid and locale. `fields` holds the entry's fields as the delivery protocol returns them
 * (references as `{ uid, _content_type_uid }` lists). The delivery protocol never reads this table: it reads
 * content_publications.
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who saved the current version (a staff e-mail, or 'management token'); null for imported content. */
    updatedBy: text('updated_by'),
  },
  (table) => [
    primaryKey({ columns: [table.contentType, table.uid, table.locale] }),
    index('content_entries_type_locale_idx').on(table.contentType, table.locale),
    index('content_entries_uid_idx').on(table.uid),
    index('content_entries_updated_idx').on(table.updatedAt),
  ],
);

/** Every save of an entry's working copy, kept so that editors can compare and restore (issue 21). */
export const contentVersions = pgTable(
  'content_versions',
  {
    contentType: text('content_type').notNull(),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    savedBy: text('saved_by'),
  },
  (table) => [primaryKey({ columns: [table.contentType, table.uid, table.locale, table.version] })],
);

/**
 * What is published to an environment in a locale: a snapshot of one version. The delivery protocol (and so the
 * live store) reads only this table; its writes move the 'content' data version (drizzle/0022).
 */
export const contentPublications = pgTable(
  'content_publications',
  {
    contentType: text('content_type').notNull(),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    environment: text('environment').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** When the entry was created (delivered as `created_at`). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the published version was saved (delivered as `updated_at`). */
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedBy: text('published_by'),
  },
  (table) => [
    primaryKey({ columns: [table.contentType, table.uid, table.locale, table.environment] }),
    index('content_publications_env_type_locale_idx').on(table.environment, table.contentType, table.locale),
    index('content_publications_env_uid_idx').on(table.environment, table.uid),
    index('content_publications_env_published_idx').on(table.environment, table.publishedAt),
  ],
);

/** An entry taken off an environment in a locale, remembered so that sync can answer `entry_unpublished`. */
export const contentUnpublications = pgTable(
  'content_unpublications',
  {
    contentType: text('content_type').notNull(),
    uid: text('uid').notNull(),
    locale: text('locale').notNull(),
    environment: text('environment').notNull(),
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.contentType, table.uid, table.locale, table.environment] }),
    index('content_unpublications_env_time_idx').on(table.environment, table.unpublishedAt),
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
