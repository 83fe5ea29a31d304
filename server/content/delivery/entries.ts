/**
 * The content type and entry routes: `/content_types[/:contentType]` and
 * `/content_types/:contentType/entries[/:uid]`.
 */
import type { Context } from 'hono';
import { CONTENT_TYPES, describeContentType } from '../content-types.ts';
import type { ContentStore } from '../store.ts';
import { DeliveryError } from './errors.ts';
import {
  deliverEntry,
  includeReferences,
  localesFor,
  matching,
  pickLocale,
  project,
  sortEntries,
} from './projection.ts';
import { environmentOf, readParams, typeOf } from './request.ts';

const notFoundEntry = () =>
  new DeliveryError(404, {
    error_message: "The requested entry doesn't exist.",
    error_code: 141,
    errors: { uid: ['is not valid.'] },
  });

export function entryRoutes(store: ContentStore, environments: readonly string[]) {
  const listEntries = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params, environments);
    const type = typeOf(c.req.param('contentType') ?? '');
    const rows = pickLocale(
      await store.entriesOfType(type.uid, localesFor(params), environment),
      params.locale,
    );
    const entries = matching(
      rows.map((row) => deliverEntry(row)),
      params,
    );
    sortEntries(entries, params);
    const page = entries.slice(params.skip, params.skip + params.limit);
    if (params.include.length > 0) await includeReferences(store, page, params.include, params, environment);
    const body: Record<string, unknown> = {
      entries: page.map((e) => project(e, params.only, params.except)),
    };
    if (params.includeCount) body.count = entries.length;
    return c.json(body);
  };

  const oneEntry = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params, environments);
    const type = typeOf(c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const rows = pickLocale(
      await store.entriesByUid(type.uid, [uid], localesFor(params), environment),
      params.locale,
    );
    const row = rows[0];
    if (!row) throw notFoundEntry();
    const entry = deliverEntry(row);
    if (params.include.length > 0)
      await includeReferences(store, [entry], params.include, params, environment);
    return c.json({ entry: project(entry, params.only, params.except) });
  };

  const contentTypes = async (c: Context) => {
    const params = await readParams(c);
    const types = CONTENT_TYPES.map(describeContentType).slice(params.skip, params.skip + params.limit);
    const body: Record<string, unknown> = { content_types: types };
    if (params.includeCount) body.count = CONTENT_TYPES.length;
    return c.json(body);
  };

  const oneContentType = async (c: Context) => {
    await readParams(c);
    return c.json({ content_type: describeContentType(typeOf(c.req.param('contentType') ?? '')) });
  };

  return { contentTypes, oneContentType, listEntries, oneEntry };
}
