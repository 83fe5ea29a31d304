/**
 * The sync route: `/stacks/sync`.
 */
import type { Context } from 'hono';
import type { ContentStore } from '../store.ts';
import { badQuery } from './errors.ts';
import { deliverEntry } from './projection.ts';
import { environmentOf, MAX_PAGE_SIZE, readParams, truthy } from './request.ts';

/**
 * Sync: `init=true` starts from nothing, a `sync_token` continues from the moment it names; more than 100
 * items page with a `pagination_token`. Tokens are opaque to clients.
 */
export function syncRoute(store: ContentStore, environments: readonly string[]) {
  return async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params, environments);
    const decode = (token: string): { since: string | null; skip: number; started: string } => {
      try {
        // Hex since decision 0028; a base64url token a client kept from before still reads (JSON's `{` is `eyJ`).
        const encoding = /^(?:[0-9a-f]{2})+$/.test(token) ? 'hex' : 'base64url';
        const parsed = JSON.parse(Buffer.from(token, encoding).toString('utf8'));
        if (typeof parsed.started !== 'string' || typeof parsed.skip !== 'number')
          throw new Error('bad token');
        return parsed;
      } catch {
        throw badQuery('The sync token is not valid.', 'sync_token');
      }
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('hex');
    let state: { since: string | null; skip: number; started: string };
    if (params.raw.pagination_token) state = decode(String(params.raw.pagination_token));
    else if (params.raw.sync_token) state = { ...decode(String(params.raw.sync_token)), skip: 0 };
    else if (truthy(params.raw.init)) state = { since: null, skip: 0, started: new Date().toISOString() };
    else throw badQuery('Pass init=true, a sync_token or a pagination_token.', 'init');
    const since = state.since ? new Date(state.since) : null;
    const contentTypeUid = params.raw.content_type_uid ? String(params.raw.content_type_uid) : null;
    const locale = params.raw.locale ? String(params.raw.locale).toLowerCase() : null;
    const keep = (row: { contentType: string; locale: string }) =>
      (!contentTypeUid || row.contentType === contentTypeUid) && (!locale || row.locale === locale);
    const published = (await store.changedSince(since, environment)).filter(keep).map((row) => ({
      at: row.publishedAt.toISOString(),
      item: {
        type: 'entry_published',
        event_at: row.publishedAt.toISOString(),
        content_type_uid: row.contentType,
        data: deliverEntry(row),
      },
    }));
    // A first sync (init) lists what is published; later ones also what was taken off since.
    const unpublished = since
      ? (await store.unpublishedSince(since, environment)).filter(keep).map((row) => ({
          at: row.unpublishedAt.toISOString(),
          item: {
            type: 'entry_unpublished',
            event_at: row.unpublishedAt.toISOString(),
            content_type_uid: row.contentType,
            data: { uid: row.uid, locale: row.locale, content_type_uid: row.contentType },
          },
        }))
      : [];
    const changed = [...published, ...unpublished].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const page = changed.slice(state.skip, state.skip + MAX_PAGE_SIZE);
    const body: Record<string, unknown> = {
      items: page.map((change) => change.item),
      skip: state.skip,
      limit: MAX_PAGE_SIZE,
      total_count: changed.length,
    };
    if (state.skip + MAX_PAGE_SIZE < changed.length) {
      body.pagination_token = encode({ ...state, skip: state.skip + MAX_PAGE_SIZE });
    } else {
      const newest = changed.reduce<string | null>(
        (max, change) => (!max || change.at > max ? change.at : max),
        state.since,
      );
      body.sync_token = encode({ since: newest, skip: 0, started: state.started });
    }
    return c.json(body);
  };
}
