/**
 * The built-in content service's delivery protocol (SPEC §7, §8): versioned paths for content types, entries,
 * assets and sync, in the plain GET form (query string) and the POST form (a JSON body carrying the method
 * marker, the environment and the query). Errors have the shape `{ error_message, error_code, errors }`.
 */
import { type Context, Hono } from 'hono';
import { CONTENT_TYPES, contentTypeByUid, describeContentType } from './content-types.ts';
import { matchesQuery, QueryError, validateQuery, type WhereQuery } from './query.ts';
import { type ContentStore, MASTER_LOCALE, type StoredAsset, type StoredEntry } from './store.ts';

export const DELIVERY_VERSION = 'v3';
export const MAX_PAGE_SIZE = 100;
const MAX_INCLUDE_DEPTH = 5;
const MAX_INCLUDES = 20;

export interface DeliveryOptions {
  store: ContentStore;
  apiKey: string;
  deliveryToken: string;
  /** Environments the service delivers (any other is refused). */
  environments: readonly string[];
  /** The branch served; a request naming another branch is refused. */
  branch?: string;
  /** Told about unexpected failures (a database error), which are answered with a 500 error body. */
  onError?: (error: unknown) => void;
}

export interface DeliveryErrorBody {
  error_message: string;
  error_code: number;
  errors: Record<string, string[]>;
}

export class DeliveryError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 412 | 422,
    readonly body: DeliveryErrorBody,
  ) {
    super(body.error_message);
    this.name = 'DeliveryError';
  }
}

const notFoundEntry = () =>
  new DeliveryError(404, {
    error_message: "The requested entry doesn't exist.",
    error_code: 141,
    errors: { uid: ['is not valid.'] },
  });

const badQuery = (message: string, field = 'query') =>
  new DeliveryError(400, { error_message: message, error_code: 141, errors: { [field]: [message] } });

/** Request parameters after merging the query string and, for the POST form, the JSON body. */
interface DeliveryParams {
  environment: string | undefined;
  locale: string;
  fallback: boolean;
  include: string[];
  only: string[];
  except: string[];
  query: WhereQuery | undefined;
  skip: number;
  limit: number;
  includeCount: boolean;
  asc: string | undefined;
  desc: string | undefined;
  raw: Record<string, unknown>;
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

function toList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

function wholeNumber(name: string, value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw badQuery(`${name} must be a whole number of 0 or more.`, name);
  return number;
}

async function readParams(c: Context): Promise<DeliveryParams> {
  const url = new URL(c.req.url);
  const raw: Record<string, unknown> = {};
  const include: string[] = [];
  const only: string[] = [];
  const except: string[] = [];
  for (const [key, value] of url.searchParams) {
    if (/^include(\[\d*\])*$/.test(key)) include.push(value);
    else if (/^only\[BASE\](\[\d*\])*$/.test(key)) only.push(value);
    else if (/^except\[BASE\](\[\d*\])*$/.test(key)) except.push(value);
    else raw[key] = value;
  }
  if (c.req.method === 'POST') {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badQuery('The request body must be JSON.', 'body');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badQuery('The request body must be an object.', 'body');
    const form = body as Record<string, unknown>;
    const method = form._method ?? form.method;
    if (method !== undefined && String(method).toUpperCase() !== 'GET')
      throw badQuery('Only the GET method marker is supported.', '_method');
    for (const [key, value] of Object.entries(form)) {
      if (key === '_method' || key === 'method') continue;
      if (key === 'include' || key === 'include[]') include.push(...toList(value));
      else if (key === 'only') {
        const base =
          value && typeof value === 'object' && !Array.isArray(value)
            ? (value as { BASE?: unknown }).BASE
            : value;
        only.push(...toList(base));
      } else if (key === 'except') {
        const base =
          value && typeof value === 'object' && !Array.isArray(value)
            ? (value as { BASE?: unknown }).BASE
            : value;
        except.push(...toList(base));
      } else raw[key] = value;
    }
  }
  let query: WhereQuery | undefined;
  if (raw.query !== undefined && raw.query !== '') {
    let parsed = raw.query;
    if (typeof parsed === 'string') {
      try {
        parsed = JSON.parse(parsed);
      } catch {
        throw badQuery('The query is not valid JSON.');
      }
    }
    try {
      validateQuery(parsed);
    } catch (error) {
      if (error instanceof QueryError) throw badQuery(error.message);
      throw error;
    }
    query = parsed as WhereQuery;
  }
  if (include.length > MAX_INCLUDES)
    throw badQuery(`At most ${MAX_INCLUDES} references can be included.`, 'include');
  for (const path of include) {
    if (path.split('.').length > MAX_INCLUDE_DEPTH)
      throw badQuery('A reference path is too deep.', 'include');
  }
  const limit = Math.min(wholeNumber('limit', raw.limit, MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  return {
    environment: raw.environment === undefined ? undefined : String(raw.environment),
    locale: String(raw.locale || MASTER_LOCALE).toLowerCase(),
    fallback: truthy(raw.include_fallback),
    include: [...new Set(include)],
    only,
    except,
    query,
    skip: wholeNumber('skip', raw.skip, 0),
    limit,
    includeCount: truthy(raw.include_count),
    asc: raw.asc ? String(raw.asc) : undefined,
    desc: raw.desc ? String(raw.desc) : undefined,
    raw,
  };
}

type Delivered = Record<string, unknown>;

function deliverEntry(row: StoredEntry, environment: string): Delivered {
  return {
    ...row.fields,
    uid: row.uid,
    locale: row.locale,
    title: row.title,
    _version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ACL: {},
    _in_progress: false,
    publish_details: {
      environment,
      locale: row.locale,
      time: row.updatedAt.toISOString(),
      user: 'ridgeline',
    },
  };
}

function deliverAsset(row: StoredAsset, environment: string): Delivered {
  return {
    ...row.fields,
    uid: row.uid,
    locale: row.locale,
    title: row.title,
    filename: row.filename,
    url: row.url,
    content_type: row.contentType,
    file_size: String(row.fileSize),
    _version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    publish_details: {
      environment,
      locale: row.locale,
      time: row.updatedAt.toISOString(),
      user: 'ridgeline',
    },
  };
}

/** One row per uid: the requested locale's when there is one, else (with fallback) the master locale's. */
function pickLocale<T extends { uid: string; locale: string }>(rows: readonly T[], locale: string): T[] {
  const byUid = new Map<string, T>();
  for (const row of rows) {
    const held = byUid.get(row.uid);
    if (!held || (held.locale !== locale && row.locale === locale)) byUid.set(row.uid, row);
  }
  return [...byUid.values()];
}

function localesFor(params: DeliveryParams): string[] {
  return params.fallback && params.locale !== MASTER_LOCALE
    ? [params.locale, MASTER_LOCALE]
    : [params.locale];
}

function isReference(value: unknown): value is { uid: string; _content_type_uid: string } {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as { uid?: unknown }).uid === 'string' &&
    typeof (value as { _content_type_uid?: unknown })._content_type_uid === 'string' &&
    !('_version' in (value as object))
  );
}

/** Resolves `include[]` paths such as `main_nav` and `main_nav.link.banner` in place. */
async function includeReferences(
  store: ContentStore,
  entries: Delivered[],
  paths: readonly string[],
  params: DeliveryParams,
  environment: string,
): Promise<void> {
  const cache = new Map<string, Delivered | null>();
  const resolve = async (refs: Array<{ uid: string; _content_type_uid: string }>): Promise<Delivered[]> => {
    const missing = refs.filter((ref) => !cache.has(`${ref._content_type_uid}/${ref.uid}`));
    const byType = new Map<string, string[]>();
    for (const ref of missing)
      byType.set(ref._content_type_uid, [...(byType.get(ref._content_type_uid) ?? []), ref.uid]);
    for (const [type, uids] of byType) {
      const rows = pickLocale(
        await store.entriesByUid(type, uids, localesFor(params), environment),
        params.locale,
      );
      for (const uid of uids) cache.set(`${type}/${uid}`, null);
      for (const row of rows)
        cache.set(`${type}/${row.uid}`, { ...deliverEntry(row, environment), _content_type_uid: type });
    }
    return refs
      .map((ref) => cache.get(`${ref._content_type_uid}/${ref.uid}`))
      .filter((entry): entry is Delivered => Boolean(entry))
      .map((entry) => structuredClone(entry));
  };
  const walk = async (holders: unknown[], segments: string[]): Promise<void> => {
    const [segment, ...rest] = segments;
    if (!segment) return;
    const next: unknown[] = [];
    for (const holder of holders) {
      const items = Array.isArray(holder) ? holder : [holder];
      for (const item of items) {
        if (!item || typeof item !== 'object') continue;
        const record = item as Record<string, unknown>;
        const value = record[segment];
        if (value === undefined || value === null) continue;
        const list = Array.isArray(value) ? value : [value];
        if (list.length > 0 && list.every(isReference)) {
          const resolved = await resolve(list);
          record[segment] = resolved;
          next.push(...resolved);
        } else {
          next.push(...list);
        }
      }
    }
    if (rest.length > 0 && next.length > 0) await walk(next, rest);
  };
  const sorted = [...paths].sort((a, b) => a.split('.').length - b.split('.').length);
  for (const path of sorted) await walk(entries, path.split('.'));
}

function project(entry: Delivered, only: readonly string[], except: readonly string[]): Delivered {
  let result = entry;
  if (only.length > 0) {
    result = { uid: entry.uid };
    for (const field of only) {
      const top = field.split('.')[0] as string;
      if (top in entry) result[top] = entry[top];
    }
  }
  if (except.length > 0) {
    result = { ...result };
    for (const field of except) if (field !== 'uid') delete result[field];
  }
  return result;
}

function sortEntries(entries: Delivered[], params: DeliveryParams): void {
  const field = params.asc ?? params.desc;
  const direction = params.asc ? 1 : -1;
  entries.sort((a, b) => {
    if (field) {
      const x = a[field];
      const y = b[field];
      if (x !== y) {
        if (x === undefined || x === null) return 1;
        if (y === undefined || y === null) return -1;
        return (x < y ? -1 : 1) * direction;
      }
    }
    return String(a.uid) < String(b.uid) ? -1 : String(a.uid) > String(b.uid) ? 1 : 0;
  });
}

/** The /v3 delivery routes, to be mounted under the service's base path (default /cms). */
export function createDeliveryRoutes(options: DeliveryOptions): Hono {
  const { store } = options;
  const api = new Hono();

  api.use('*', async (c, next) => {
    const apiKey = c.req.header('api_key') ?? c.req.header('api-key');
    if (apiKey !== options.apiKey) {
      return c.json(
        { error_message: 'Api key is not valid.', error_code: 412, errors: { api_key: ['is not valid.'] } },
        412,
      );
    }
    const token = c.req.header('access_token') ?? c.req.header('access-token');
    if (token !== options.deliveryToken) {
      return c.json(
        {
          error_message: 'Access token is not valid.',
          error_code: 109,
          errors: { access_token: ['is not valid.'] },
        },
        401,
      );
    }
    const branch = c.req.header('branch');
    if (branch && branch !== (options.branch ?? 'main')) {
      return c.json(
        {
          error_message: `Branch '${branch}' was not found.`,
          error_code: 903,
          errors: { branch: ['is not valid.'] },
        },
        422,
      );
    }
    c.header('Cache-Control', 'no-store');
    await next();
  });

  const environmentOf = (params: DeliveryParams): string => {
    if (!params.environment) {
      throw new DeliveryError(422, {
        error_message: 'The environment is required.',
        error_code: 141,
        errors: { environment: ["can't be blank."] },
      });
    }
    if (!options.environments.includes(params.environment)) {
      throw new DeliveryError(422, {
        error_message: `Environment '${params.environment}' was not found.`,
        error_code: 141,
        errors: { environment: ['is not valid.'] },
      });
    }
    return params.environment;
  };

  const typeOf = (uid: string) => {
    const type = contentTypeByUid(uid);
    if (!type) {
      throw new DeliveryError(422, {
        error_message: `The Content Type '${uid}' was not found. Please try again.`,
        error_code: 118,
        errors: { content_type_uid: ['is not valid.'] },
      });
    }
    return type;
  };

  const listEntries = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params);
    const type = typeOf(c.req.param('contentType') ?? '');
    const rows = pickLocale(
      await store.entriesOfType(type.uid, localesFor(params), environment),
      params.locale,
    );
    let entries = rows.map((row) => deliverEntry(row, environment));
    try {
      entries = entries.filter((entry) => matchesQuery(entry, params.query));
    } catch (error) {
      if (error instanceof QueryError) throw badQuery(error.message);
      throw error;
    }
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
    const environment = environmentOf(params);
    const type = typeOf(c.req.param('contentType') ?? '');
    const uid = c.req.param('uid') ?? '';
    const rows = pickLocale(
      await store.entriesByUid(type.uid, [uid], localesFor(params), environment),
      params.locale,
    );
    const row = rows[0];
    if (!row) throw notFoundEntry();
    const entry = deliverEntry(row, environment);
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

  const listAssets = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params);
    let assets = pickLocale(await store.assets(localesFor(params), environment), params.locale).map((row) =>
      deliverAsset(row, environment),
    );
    try {
      assets = assets.filter((asset) => matchesQuery(asset, params.query));
    } catch (error) {
      if (error instanceof QueryError) throw badQuery(error.message);
      throw error;
    }
    sortEntries(assets, params);
    const body: Record<string, unknown> = {
      assets: assets
        .slice(params.skip, params.skip + params.limit)
        .map((a) => project(a, params.only, params.except)),
    };
    if (params.includeCount) body.count = assets.length;
    return c.json(body);
  };

  const oneAsset = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params);
    const uid = c.req.param('uid');
    const asset = pickLocale(await store.assets(localesFor(params), environment), params.locale).find(
      (a) => a.uid === uid,
    );
    if (!asset) {
      throw new DeliveryError(404, {
        error_message: 'Asset was not found.',
        error_code: 145,
        errors: { uid: ['is not valid.'] },
      });
    }
    return c.json({ asset: project(deliverAsset(asset, environment), params.only, params.except) });
  };

  /**
   * Sync: `init=true` starts from nothing, a `sync_token` continues from the moment it names; more than 100
   * items page with a `pagination_token`. Tokens are opaque to clients.
   */
  const sync = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params);
    const decode = (token: string): { since: string | null; skip: number; started: string } => {
      try {
        const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
        if (typeof parsed.started !== 'string' || typeof parsed.skip !== 'number')
          throw new Error('bad token');
        return parsed;
      } catch {
        throw badQuery('The sync token is not valid.', 'sync_token');
      }
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    let state: { since: string | null; skip: number; started: string };
    if (params.raw.pagination_token) state = decode(String(params.raw.pagination_token));
    else if (params.raw.sync_token) state = { ...decode(String(params.raw.sync_token)), skip: 0 };
    else if (truthy(params.raw.init)) state = { since: null, skip: 0, started: new Date().toISOString() };
    else throw badQuery('Pass init=true, a sync_token or a pagination_token.', 'init');
    const since = state.since ? new Date(state.since) : null;
    const contentTypeUid = params.raw.content_type_uid ? String(params.raw.content_type_uid) : null;
    const locale = params.raw.locale ? String(params.raw.locale).toLowerCase() : null;
    const changed = (await store.changedSince(since, environment)).filter(
      (row) => (!contentTypeUid || row.contentType === contentTypeUid) && (!locale || row.locale === locale),
    );
    const page = changed.slice(state.skip, state.skip + MAX_PAGE_SIZE);
    const body: Record<string, unknown> = {
      items: page.map((row) => ({
        type: 'entry_published',
        event_at: row.updatedAt.toISOString(),
        content_type_uid: row.contentType,
        data: deliverEntry(row, environment),
      })),
      skip: state.skip,
      limit: MAX_PAGE_SIZE,
      total_count: changed.length,
    };
    if (state.skip + MAX_PAGE_SIZE < changed.length) {
      body.pagination_token = encode({ ...state, skip: state.skip + MAX_PAGE_SIZE });
    } else {
      const newest = changed.reduce<string | null>((max, row) => {
        const at = row.updatedAt.toISOString();
        return !max || at > max ? at : max;
      }, state.since);
      body.sync_token = encode({ since: newest, skip: 0, started: state.started });
    }
    return c.json(body);
  };

  for (const method of ['GET', 'POST'] as const) {
    const on = (path: string, handler: (c: Context) => Promise<Response>) => api.on(method, path, handler);
    on('/content_types', contentTypes);
    on('/content_types/', contentTypes);
    on('/content_types/:contentType', oneContentType);
    on('/content_types/:contentType/entries', listEntries);
    on('/content_types/:contentType/entries/', listEntries);
    on('/content_types/:contentType/entries/:uid', oneEntry);
    on('/assets', listAssets);
    on('/assets/', listAssets);
    on('/assets/:uid', oneAsset);
    on('/stacks/sync', sync);
  }

  api.notFound((c) =>
    c.json(
      { error_message: `No delivery endpoint ${c.req.method} ${c.req.path}.`, error_code: 404, errors: {} },
      404,
    ),
  );
  api.onError((error, c) => {
    if (error instanceof DeliveryError) return c.json(error.body, error.status);
    options.onError?.(error);
    return c.json(
      { error_message: 'The content service could not answer.', error_code: 500, errors: {} },
      500,
    );
  });
  return api;
}

/**
 * The whole service under its base path: `/v3/...` is the protocol; the same routes answer without the version
 * segment too, for clients whose endpoint setting already names the base URL.
 */
export function createContentService(options: DeliveryOptions): Hono {
  const service = new Hono();
  const routes = createDeliveryRoutes(options);
  service.route(`/${DELIVERY_VERSION}`, routes);
  service.route('/', routes);
  service.notFound((c) =>
    c.json(
      { error_message: `No delivery endpoint ${c.req.method} ${c.req.path}.`, error_code: 404, errors: {} },
      404,
    ),
  );
  return service;
}
