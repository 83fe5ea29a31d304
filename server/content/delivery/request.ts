/**
 * A delivery request read and checked: its parameters from the query string and, for the POST form, the JSON
 * body; the environment and content type it names.
 */
import type { Context } from 'hono';
import { contentTypeByUid } from '../content-types.ts';
import { QueryError, validateQuery, type WhereQuery } from '../query.ts';
import { MASTER_LOCALE } from '../store.ts';
import { badQuery, DeliveryError } from './errors.ts';

export const MAX_PAGE_SIZE = 100;
const MAX_INCLUDE_DEPTH = 5;
const MAX_INCLUDES = 20;

/** Request parameters after merging the query string and, for the POST form, the JSON body. */
export interface DeliveryParams {
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

export function truthy(value: unknown): boolean {
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

export async function readParams(c: Context): Promise<DeliveryParams> {
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

export function environmentOf(params: DeliveryParams, environments: readonly string[]): string {
  if (!params.environment) {
    throw new DeliveryError(422, {
      error_message: 'The environment is required.',
      error_code: 141,
      errors: { environment: ["can't be blank."] },
    });
  }
  if (!environments.includes(params.environment)) {
    throw new DeliveryError(422, {
      error_message: `Environment '${params.environment}' was not found.`,
      error_code: 141,
      errors: { environment: ['is not valid.'] },
    });
  }
  return params.environment;
}

export function typeOf(uid: string) {
  const type = contentTypeByUid(uid);
  if (!type) {
    throw new DeliveryError(422, {
      error_message: `The Content Type '${uid}' was not found. Please try again.`,
      error_code: 118,
      errors: { content_type_uid: ['is not valid.'] },
    });
  }
  return type;
}
