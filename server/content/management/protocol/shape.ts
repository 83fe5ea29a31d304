/**
 * The management service's records as the hosted Content Management API answers them: an entry is its fields
 * plus system fields (`uid`, `locale`, `_version`, `publish_details` per environment and locale), an asset its
 * file facts. Clients (the official SDK) send an entry back whole on update, so `entryFields` keeps only the
 * content type's own fields of a body.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import type { AssetSummary, EntryDraft, EntrySummary, EntryVersion, Publication } from '../contract.ts';

type Json = Record<string, unknown>;

function publishDetails(publications: readonly Publication[]) {
  return publications.map((publication) => ({
    environment: publication.environment,
    locale: publication.locale,
    version: publication.version,
    time: publication.publishedAt.toISOString(),
    user: publication.publishedBy ?? 'ridgeline',
  }));
}

/** System fields; `tags` and `ACL` only as defaults, since a content type may have a field of that name. */
function system(entry: EntrySummary, locale: string): { defaults: Json; fixed: Json } {
  return {
    defaults: { ACL: {}, tags: [] },
    fixed: {
      uid: entry.uid,
      locale,
      title: entry.title,
      _version: entry.version,
      updated_at: entry.updatedAt.toISOString(),
      updated_by: entry.updatedBy ?? 'ridgeline',
      _in_progress: false,
      publish_details: publishDetails(entry.publications),
    },
  };
}

/** An entry's working copy; a locale without its own copy answers the master's, with the master's locale. */
export function entryBody(entry: EntryDraft, masterLocale: string): Json {
  const { defaults, fixed } = system(entry, entry.localised ? entry.locale : masterLocale);
  return { ...defaults, ...entry.fields, ...fixed };
}

/** One saved version, as fetched with `?version=`. */
export function versionBody(entry: EntryDraft, version: EntryVersion, locale: string): Json {
  const { defaults, fixed } = system(
    { ...entry, title: version.title, updatedAt: version.savedAt, updatedBy: version.savedBy },
    locale,
  );
  return { ...defaults, ...version.fields, ...fixed, _version: version.version };
}

export function versionSummaryBody(version: EntryVersion, locale: string): Json {
  return {
    _version: version.version,
    locale,
    title: version.title,
    updated_at: version.savedAt.toISOString(),
    updated_by: version.savedBy ?? 'ridgeline',
  };
}

export function contentTypeBody(type: ContentTypeSchema): Json {
  return { ...type, _version: 1, inbuilt_class: false };
}

export function assetBody(asset: AssetSummary): Json {
  return {
    uid: asset.uid,
    title: asset.title,
    filename: asset.filename,
    url: asset.url,
    content_type: asset.contentType,
    file_size: String(asset.fileSize),
    _version: asset.version,
    updated_at: asset.updatedAt.toISOString(),
    ACL: {},
    tags: [],
    is_dir: false,
    publish_details: asset.publishedTo.map((environment) => ({ environment })),
  };
}

/**
 * What the official SDK adds to an entry it sends back (`entry.update()` sends the fetched object whole): left
 * out here unless the type has a field of that name. The hosted service's system keys (`uid`, `_version`,
 * `publish_details`…) are the service's to drop (core/content-validation.ts), and any other unknown key reaches
 * it and is refused with a message, never silently dropped.
 */
const CLIENT_KEYS = ['content_type_uid', 'content_type', 'schema', 'stackHeaders', 'urlPath', 'api_version'];

export function entryFields(type: ContentTypeSchema, body: Json): Json {
  const own = new Set(type.schema.map((field) => field.uid));
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => own.has(key) || !CLIENT_KEYS.includes(key)),
  );
}
