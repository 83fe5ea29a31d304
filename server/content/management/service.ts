/**
 * The content management service (issue 21, contract.ts): the working copy, its versions and its publications,
 * and the asset library. The back office's editor pages and the Content Management API (/cms/v3) both call it.
 * Use cases live by concern: entry-reads.ts (list, get, versions), entry-writes.ts (create, save, restore,
 * unlocalise, delete), publishing.ts (publish, unpublish), assets.ts. Every change is one transaction with its
 * audit entry; publications are what the live store reads, and their writes move the 'content' data version.
 */

import type { ContentTypeSchema } from '#core/content-schema.ts';
import { SUPPORTED_LOCALES } from '#core/locale.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { MediaUploads } from '../../media/upload.ts';
import type { ContentLogger } from '../content-client.ts';
import { DEMO_ENVIRONMENTS } from '../content-files.ts';
import { CONTENT_TYPES } from '../content-types.ts';
import { MASTER_LOCALE } from '../store.ts';
import { assetLibrary } from './assets.ts';
import type { ManagementContext } from './context.ts';
import type { ContentManagement, EntryRule } from './contract.ts';
import { entryReads } from './entry-reads.ts';
import { entryWrites } from './entry-writes.ts';
import { publishing } from './publishing.ts';

export interface ContentManagementOptions {
  db: Database;
  config: Pick<Config, 'CONTENT_ENVIRONMENT'>;
  logger?: ContentLogger;
  /** Save rules per content type uid (redirect loops, dealer coordinates). */
  rules?: Readonly<Record<string, EntryRule>>;
  /** The media upload pipeline, for asset uploads (without it an upload is an error). */
  uploads?: MediaUploads;
  /** The content types' field schemas (default: CONTENT_TYPES of content-types.ts). */
  schemas?: readonly ContentTypeSchema[];
}

export function createContentManagement(options: ContentManagementOptions): ContentManagement {
  const schemas = options.schemas ?? CONTENT_TYPES;
  const byUid = new Map(schemas.map((schema) => [schema.uid, schema]));
  const environments = [
    ...new Set([options.config.CONTENT_ENVIRONMENT, ...DEMO_ENVIRONMENTS]),
  ] as readonly string[];
  const locales = [MASTER_LOCALE, ...SUPPORTED_LOCALES.filter((locale) => locale !== MASTER_LOCALE)];
  const context: ManagementContext = {
    db: options.db,
    environments,
    locales,
    schemaOf: (uid) => byUid.get(uid),
    rules: options.rules ?? {},
  };
  const reads = entryReads(context);
  const writes = entryWrites(context, reads);
  const publish = publishing(context, reads);
  return {
    contentTypes: () => schemas,
    contentType: (uid) => byUid.get(uid),
    environments: () => environments,
    locales: () => locales,
    listEntries: reads.listEntries,
    getEntry: reads.getEntry,
    versions: reads.versions,
    createEntry: writes.createEntry,
    saveEntry: writes.saveEntry,
    restore: writes.restore,
    unlocalise: writes.unlocalise,
    deleteEntry: writes.deleteEntry,
    publish: publish.publish,
    unpublish: publish.unpublish,
    assets: assetLibrary(context, options.uploads, options.logger),
  };
}
