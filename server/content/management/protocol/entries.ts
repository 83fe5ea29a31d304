/**
 * Content types (read) and entries: list, fetch (a version too), create, update (which localises into a locale
 * that has no copy yet), delete, unlocalise, publish, unpublish, versions and locales, each one call of the
 * content management service.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { ContentManagement, EntryFilter, EntrySummary } from '../contract.ts';
import type { ManagementEnv } from './access.ts';
import { badRequest, ManagementError } from './errors.ts';
import { contentTypeOf, localeOf, publishTargets, readJson, versionOf } from './request.ts';
import { contentTypeBody, entryBody, entryFields, versionBody, versionSummaryBody } from './shape.ts';

type C = Context<ManagementEnv>;

const MAX_PAGE = 100;
/** Deepest `skip` a list walks: the protocol pages by skip, the service by keyset. */
const MAX_SKIP = 10_000;

const entryNotFound = (uid: string, locale: string) =>
  new ManagementError(404, {
    error_message: `The entry '${uid}' does not exist in ${locale}.`,
    error_code: 141,
    errors: { uid: ['is not valid.'] },
  });

const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 0 to ${max}.` })
    .int({ error: `${name} must be a whole number from 0 to ${max}.` })
    .min(0, { error: `${name} must be a whole number from 0 to ${max}.` })
    .max(max, { error: `${name} must be a whole number from 0 to ${max}.` });

const titleQuery = z.union([z.string().max(200), z.object({ $regex: z.string().max(200) }).strict()]);
const listQuery = z
  .object({
    title: titleQuery.optional(),
    updated_at: z
      .object({ $gte: z.iso.datetime({ offset: true }) })
      .strict()
      .optional(),
  })
  .strict();

function parseListQuery(raw: string | undefined): Pick<EntryFilter, 'search' | 'changedSince'> & {
  exactTitle?: string;
} {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('The query is not valid JSON.', 'query');
  }
  const parsed = listQuery.safeParse(value);
  if (!parsed.success)
    throw badRequest(
      'Entries can be queried by title (a string, or {"$regex": words}) and updated_at ({"$gte": an ISO date}).',
      'query',
    );
  const { title, updated_at } = parsed.data;
  return {
    ...(typeof title === 'string' ? { search: title, exactTitle: title } : {}),
    ...(title && typeof title === 'object' ? { search: title.$regex } : {}),
    ...(updated_at ? { changedSince: new Date(updated_at.$gte) } : {}),
  };
}

export function entryRoutes(management: ContentManagement) {
  const master = () => management.locales()[0]!;

  const contentTypes = (c: C) => {
    const types = management.contentTypes().map(contentTypeBody);
    return c.json(
      c.req.query('include_count') === 'true'
        ? { content_types: types, count: types.length }
        : {
            content_types: types,
          },
    );
  };

  const oneContentType = (c: C) =>
    c.json({ content_type: contentTypeBody(contentTypeOf(management, c.req.param('contentType') ?? '')) });

  const listEntries = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const locale = localeOf(management, c.req.query('locale'));
    if (c.req.query('count') !== undefined || c.req.query('include_count') !== undefined)
      throw badRequest('Counting entries is not offered; page with skip and limit.', 'count');
    const skipParsed = wholeNumber('skip', MAX_SKIP).safeParse(c.req.query('skip') ?? 0);
    const limitParsed = wholeNumber('limit', MAX_PAGE).safeParse(c.req.query('limit') ?? MAX_PAGE);
    if (!skipParsed.success) throw badRequest(skipParsed.error.issues[0]!.message, 'skip');
    if (!limitParsed.success) throw badRequest(limitParsed.error.issues[0]!.message, 'limit');
    const { exactTitle, ...query } = parseListQuery(c.req.query('query'));
    let skip = skipParsed.data;
    const wanted = limitParsed.data;
    const items: EntrySummary[] = [];
    let after: string | undefined;
    while (items.length < wanted) {
      const page = await management.listEntries({
        contentType: type.uid,
        locale,
        ...query,
        ...(after ? { after } : {}),
        limit: MAX_PAGE,
      });
      const rows =
        exactTitle === undefined ? page.items : page.items.filter((row) => row.title === exactTitle);
      const dropped = Math.min(skip, rows.length);
      skip -= dropped;
      items.push(...rows.slice(dropped, dropped + wanted - items.length));
      if (!page.next) break;
      after = page.next;
    }
    // Each with its fields, as the hosted service lists them: a client may send a listed entry back as an update.
    const drafts = await Promise.all(items.map((item) => management.getEntry(type.uid, item.uid, locale)));
    return c.json({
      entries: drafts.flatMap((draft) => (draft ? [entryBody(draft, master())] : [])),
    });
  };

  const oneEntry = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const locale = localeOf(management, c.req.query('locale'));
    const entry = await management.getEntry(type.uid, uid, locale, { fallback: true });
    if (!entry) throw entryNotFound(uid, locale);
    const version = versionOf(c.req.query('version'));
    if (version === undefined || version === entry.version)
      return c.json({ entry: entryBody(entry, master()) });
    const sourceLocale = entry.localised ? locale : master();
    const versions = await management.versions(type.uid, uid, sourceLocale);
    const found = versions.find((v) => v.version === version);
    if (!found)
      throw new ManagementError(404, {
        error_message: `The entry '${uid}' has no version ${version} in ${sourceLocale}.`,
        error_code: 141,
        errors: { version: ['is not valid.'] },
      });
    return c.json({ entry: versionBody(entry, found, sourceLocale) });
  };

  /** `{ entry: { …fields } }`, the fields of the content type only. */
  const entryInput = async (c: C) => {
    const body = await readJson(c);
    const entry = body.entry;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new ManagementError(422, {
        error_message: 'The body must hold the entry as {"entry": {…fields}}.',
        error_code: 119,
        errors: { entry: ["can't be blank."] },
      });
    return entry as Record<string, unknown>;
  };

  const createEntry = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const locale = localeOf(management, c.req.query('locale'));
    const input = await entryInput(c);
    const uid = input.uid;
    if (uid !== undefined && (typeof uid !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,99}$/.test(uid)))
      throw new ManagementError(422, {
        error_message: 'An entry uid is lower-case letters, digits, - and _ (at most 100).',
        error_code: 119,
        errors: { uid: ['is not valid.'] },
      });
    const entry = await management.createEntry(c.get('actor'), {
      contentType: type.uid,
      locale,
      fields: entryFields(type, input),
      ...(typeof uid === 'string' ? { uid } : {}),
    });
    return c.json({ notice: 'Entry created successfully.', entry: entryBody(entry, master()) }, 201);
  };

  /**
   * Saves the locale's working copy. A body fetched from that locale carries its `_version`: an older one is
   * refused as stale. A body fetched from another locale (the master, to localise) carries no claim here.
   */
  const updateEntry = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const locale = localeOf(management, c.req.query('locale'));
    const input = await entryInput(c);
    const expected =
      input.locale === locale && input._version !== undefined
        ? versionOf(input._version, '_version')
        : undefined;
    // Fields the body leaves out keep their values (a locale being created starts from the master's copy).
    const current = await management.getEntry(type.uid, uid, locale, { fallback: true });
    if (!current) throw entryNotFound(uid, locale);
    const entry = await management.saveEntry(c.get('actor'), {
      contentType: type.uid,
      uid,
      locale,
      fields: { ...current.fields, ...entryFields(type, input) },
      ...(expected !== undefined ? { expectedVersion: expected } : {}),
    });
    return c.json({ notice: 'Entry updated successfully.', entry: entryBody(entry, master()) });
  };

  /** With a locale other than the master: that locale's copy only (unlocalise); else the whole entry. */
  const deleteEntry = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const locale = localeOf(management, c.req.query('locale'));
    if (locale !== master() && c.req.query('delete_all_localized') !== 'true') {
      await management.unlocalise(c.get('actor'), type.uid, uid, locale);
      return c.json({ notice: `Entry deleted in ${locale}: it shows the ${master()} copy again.` });
    }
    await management.deleteEntry(c.get('actor'), type.uid, uid);
    return c.json({ notice: 'Entry deleted successfully.' });
  };

  const unlocalize = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const locale = localeOf(management, c.req.query('locale'));
    if (locale === master())
      throw new ManagementError(422, {
        error_message: `The master locale (${master()}) cannot be unlocalised.`,
        error_code: 141,
        errors: { locale: ['is the master locale.'] },
      });
    await management.unlocalise(c.get('actor'), type.uid, uid, locale);
    return c.json({ notice: 'Entry unlocalized successfully.' });
  };

  const publish = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const body = await readJson(c);
    const targets = publishTargets(management, body, 'entry', localeOf(management, c.req.query('locale')));
    const publications = await management.publish(c.get('actor'), {
      contentType: type.uid,
      uid,
      locales: targets.locales,
      environments: targets.environments,
      ...(targets.version !== undefined ? { version: targets.version } : {}),
    });
    return c.json({
      notice: 'Entry published.',
      publish_details: publications.map((publication) => ({
        environment: publication.environment,
        locale: publication.locale,
        version: publication.version,
        time: publication.publishedAt.toISOString(),
      })),
    });
  };

  const unpublish = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const body = await readJson(c);
    const targets = publishTargets(management, body, 'entry', localeOf(management, c.req.query('locale')));
    await management.unpublish(c.get('actor'), {
      contentType: type.uid,
      uid,
      locales: targets.locales,
      environments: targets.environments,
    });
    return c.json({ notice: 'Entry unpublished.' });
  };

  const versions = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const locale = localeOf(management, c.req.query('locale'));
    const entry = await management.getEntry(type.uid, uid, locale);
    if (!entry) throw entryNotFound(uid, locale);
    const list = await management.versions(type.uid, uid, locale);
    return c.json({ versions: list.map((version) => versionSummaryBody(version, locale)) });
  };

  const locales = async (c: C) => {
    const type = contentTypeOf(management, c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const copies = await Promise.all(
      management.locales().map(async (code) => ({
        code,
        localized: (await management.getEntry(type.uid, uid, code)) !== null,
      })),
    );
    if (!copies.some((copy) => copy.localized)) throw entryNotFound(uid, master());
    return c.json({ locales: copies });
  };

  return {
    contentTypes,
    oneContentType,
    listEntries,
    oneEntry,
    createEntry,
    updateEntry,
    deleteEntry,
    unlocalize,
    publish,
    unpublish,
    versions,
    locales,
  };
}
