/**
 * What the content management service offers (issue 21): the back office's editor pages and the Content
 * Management API (`/cms/v3/...`) both call it, so a rule holds whichever door an editor uses. Saving changes
 * only the working copy and adds a version; publishing copies a version to an environment and locale, which is
 * all the delivery protocol (and so the live store) ever reads.
 */
import type { ContentTypeSchema, FieldProblem } from '#core/content-schema.ts';
import type { Actor } from '../../audit/audit.ts';

/** Who made a change: a staff member, or the holder of the management token (the SDK, scripts). */
export type ContentActor = Actor | { token: string };

export interface Publication {
  environment: string;
  locale: string;
  version: number;
  publishedAt: Date;
  publishedBy: string | null;
}

export interface EntrySummary {
  contentType: string;
  uid: string;
  locale: string;
  title: string;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
  publications: Publication[];
}

export interface EntryDraft extends EntrySummary {
  fields: Record<string, unknown>;
  /** False when the locale has no copy of its own and this is the master locale's copy (fallback). */
  localised: boolean;
}

export interface EntryVersion {
  version: number;
  title: string;
  fields: Record<string, unknown>;
  savedAt: Date;
  savedBy: string | null;
}

export interface EntryFilter {
  contentType: string;
  locale: string;
  /** 'draft': working copy newer than what production shows, or never published. */
  state?: 'published' | 'unpublished' | 'draft';
  changedSince?: Date;
  /** Words in the title (case-insensitive). */
  search?: string;
  /** Keyset cursor from the previous page's `next`. */
  after?: string;
  limit?: number;
}

export interface AssetSummary {
  uid: string;
  title: string;
  filename: string;
  url: string;
  contentType: string;
  fileSize: number;
  version: number;
  publishedTo: string[];
  updatedAt: Date;
}

/** A refusal of the management service; `code` picks the HTTP status at the edge. */
export type ContentRefusal =
  | { code: 'not-found'; message: string }
  | { code: 'invalid'; message: string; problems: FieldProblem[] }
  /** Unpublish or delete of an entry that published entries still reference. */
  | {
      code: 'referenced';
      message: string;
      referrers: Array<{ contentType: string; uid: string; locale: string; title: string }>;
    }
  /** Saved over a newer version than the one the editor opened. */
  | { code: 'stale'; message: string; currentVersion: number };

export interface ContentManagement {
  contentTypes(): readonly ContentTypeSchema[];
  contentType(uid: string): ContentTypeSchema | undefined;
  /** The environments entries can be published to (CONTENT_ENVIRONMENT first). */
  environments(): readonly string[];
  locales(): readonly string[];

  listEntries(filter: EntryFilter): Promise<{ items: EntrySummary[]; next: string | null }>;
  /** With `fallback`, a locale without its own copy answers the master copy marked `localised: false`. */
  getEntry(
    contentType: string,
    uid: string,
    locale: string,
    options?: { fallback?: boolean },
  ): Promise<EntryDraft | null>;
  /** Validates against the type's schema and its rules; uid from the title when not given. */
  createEntry(
    actor: ContentActor,
    input: { contentType: string; locale: string; fields: Record<string, unknown>; uid?: string },
  ): Promise<EntryDraft>;
  /** Saves the working copy (a new version); creates the locale's copy when it has none (localise). */
  saveEntry(
    actor: ContentActor,
    input: {
      contentType: string;
      uid: string;
      locale: string;
      fields: Record<string, unknown>;
      expectedVersion?: number;
    },
  ): Promise<EntryDraft>;
  /** Removes a locale's own copy (and its publications): the locale falls back to the master again. */
  unlocalise(actor: ContentActor, contentType: string, uid: string, locale: string): Promise<void>;
  deleteEntry(actor: ContentActor, contentType: string, uid: string): Promise<void>;
  publish(
    actor: ContentActor,
    input: { contentType: string; uid: string; locales: string[]; environments: string[]; version?: number },
  ): Promise<Publication[]>;
  unpublish(
    actor: ContentActor,
    input: { contentType: string; uid: string; locales: string[]; environments: string[] },
  ): Promise<void>;
  versions(contentType: string, uid: string, locale: string): Promise<EntryVersion[]>;
  /** Saves an old version's fields as a new version (publishing it is a separate step). */
  restore(
    actor: ContentActor,
    input: { contentType: string; uid: string; locale: string; version: number },
  ): Promise<EntryDraft>;

  assets: {
    list(options?: {
      search?: string;
      after?: string;
      limit?: number;
    }): Promise<{ items: AssetSummary[]; next: string | null }>;
    get(uid: string): Promise<AssetSummary | null>;
    upload(
      actor: ContentActor,
      input: { filename: string; title?: string; bytes: Uint8Array },
    ): Promise<AssetSummary>;
    delete(actor: ContentActor, uid: string): Promise<void>;
    publish(actor: ContentActor, uid: string, environments: string[]): Promise<void>;
    unpublish(actor: ContentActor, uid: string, environments: string[]): Promise<void>;
  };
}

/**
 * Rules of one content type beyond its field schema, run on every save before it is stored (redirect loops,
 * a dealer's coordinates looked up from the postal data). Return the fields to store, or problems to refuse.
 */
export type EntryRule = (
  fields: Record<string, unknown>,
  context: { locale: string; uid: string },
) => Promise<{ fields: Record<string, unknown> } | { problems: FieldProblem[] }>;
