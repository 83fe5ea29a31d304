import type { ContentTypeSchema } from '#core/content-schema.ts';
import type { Database } from '../../db/database.ts';
import type { EntryRule } from './contract.ts';

/** What the service's use cases share: the database, the stack's environments and locales, schemas and rules. */
export interface ManagementContext {
  db: Database;
  /** Environments entries can be published to; the first is the one the live store reads. */
  environments: readonly string[];
  /** Content locales, the master locale first. */
  locales: readonly string[];
  schemaOf(contentType: string): ContentTypeSchema | undefined;
  rules: Readonly<Record<string, EntryRule>>;
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** `${type}/${uid}/${locale}`: the audit log's id of an entry's locale copy. */
export const entryAuditId = (contentType: string, uid: string, locale: string) =>
  `${contentType}/${uid}/${locale}`;
