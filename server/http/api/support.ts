import type { Context } from 'hono';
import type { Logger } from 'pino';
import { z } from 'zod';
import { CommerceError, type CommerceServices } from '../../commerce/index.ts';
import type { SessionCart } from '../../sessions/session-cart.ts';
import type { Sessions } from '../../sessions/sessions.ts';
import type { ProxyTrust } from '../middleware/client-ip.ts';
import type { ApiEnv } from '../middleware/session.ts';
import { wasAborted } from '../request-logger.ts';

/** Shared pieces of the /api routers: options, validation and error answers `{ status, title, detail? }`. */

export interface ApiOptions {
  commerce: CommerceServices;
  sessions: Sessions;
  sessionCart: SessionCart;
  logger: Logger;
  trustProxy: ProxyTrust | boolean;
  geo: { countryHeaders: readonly string[]; geoIpFile?: string };
}

export type ApiContext = Context<ApiEnv>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
  ) {
    super(detail ?? title);
  }
}

export const badInput = (detail: string) => new ApiError(400, 'Bad Request', detail);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
}

export function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badInput(`Invalid ${where}: ${describeIssues(result.error)}`);
  return result.data;
}

/** Reads a JSON body and validates it. Malformed JSON and wrong shapes are 400s naming the problem. */
export async function body<T extends z.ZodType>(c: ApiContext, schema: T): Promise<z.infer<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json'))
    throw new ApiError(
      415,
      'Unsupported Media Type',
      'Send the body as JSON with Content-Type: application/json',
    );
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badInput('Malformed JSON body');
  }
  return parse(schema, value, 'body');
}

export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, { error: 'must be a positive whole number' })
  .transform(Number);
export const uuidParam = z.uuid({ error: 'must be a cart or item id (UUID)' });

export function pathId(c: ApiContext, name: string): number {
  return parse(idParam, c.req.param(name), `path parameter ${name}`);
}

export function pathUuid(c: ApiContext, name: string): string {
  return parse(uuidParam, c.req.param(name), `path parameter ${name}`);
}

/** "1,2,3" → [1, 2, 3]; undefined when absent; 400 on anything else. */
export function idList(c: ApiContext, name: string, max = 250): number[] | undefined {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > max) throw badInput(`Query ${name} lists more than ${max} ids`);
  return parts.map((part) => parse(idParam, part, `query ${name}`));
}

const pageSchema = z.coerce.number().int().min(1).max(10_000);
const limitSchema = z.coerce.number().int().min(1).max(250);

export function paging(c: ApiContext): { page: number; limit: number } {
  const page = c.req.query('page');
  const limit = c.req.query('limit');
  return {
    page: page === undefined ? 1 : parse(pageSchema, page, 'query page'),
    limit: limit === undefined ? 50 : parse(limitSchema, limit, 'query limit'),
  };
}

/** Keeps only the named top-level fields (and id) when include_fields is given. */
export function pickFields<T extends Record<string, unknown>>(
  value: T,
  includeFields: string | undefined,
): Partial<T> {
  if (!includeFields) return value;
  const fields = new Set(includeFields.split(',').map((field) => field.trim()));
  fields.add('id');
  return Object.fromEntries(Object.entries(value).filter(([key]) => fields.has(key))) as Partial<T>;
}

export function errorResponse(c: Context, error: unknown, logger: Logger): Response {
  if (error instanceof CommerceError && error.retryAfter !== undefined) {
    c.header('Retry-After', String(error.retryAfter));
    return c.json(
      {
        status: error.status,
        title: error.title,
        code: error.code,
        detail: `Too many attempts; try again in ${error.retryAfter} seconds`,
      },
      error.status as 429,
    );
  }
  if (error instanceof ApiError || error instanceof CommerceError) {
    const payload: Record<string, unknown> = { status: error.status, title: error.title };
    if (error instanceof CommerceError) payload.code = error.code;
    if (error.detail) payload.detail = error.detail;
    return c.json(payload, error.status as 400);
  }
  // Work cut short because the client went away is not a server error (the request logger says "aborted").
  if (!wasAborted(c.req.raw)) logger.error({ err: error, path: c.req.path }, 'api error');
  return c.json({ status: 500, title: 'Internal Server Error' }, 500);
}

/** The signed-in customer's id, or 401. */
export function customerIdOf(c: ApiContext): number {
  const customer = c.get('session')?.customer;
  if (!customer) throw new ApiError(401, 'Unauthorized', 'Sign in first');
  return customer.id;
}

/** The path names the signed-in customer, or it is not found for them (no leak of whether it exists). */
export function ownCustomerId(c: ApiContext, name: string): number {
  const wanted = pathId(c, name);
  if (wanted !== customerIdOf(c)) throw new ApiError(404, 'Not Found', `No customer ${wanted}`);
  return wanted;
}

/** A cart this session may use: its own anonymous cart, or a cart of its signed-in customer. */
export async function ownCart(c: ApiContext, commerce: CommerceServices, id: string) {
  const cart = await commerce.carts.find(id);
  const session = c.get('session');
  const customerId = session?.customer?.id ?? null;
  const mine =
    cart !== null &&
    (cart.customerId !== null ? cart.customerId === customerId : session?.cartId === cart.id);
  if (!mine) throw new ApiError(404, 'Not Found', `No cart ${id}`);
  return cart;
}

export function list<T>(
  data: T[],
  pagination?: { total: number; count: number; per_page: number; current_page: number; total_pages: number },
) {
  return {
    data,
    meta: {
      pagination: pagination ?? {
        total: data.length,
        count: data.length,
        per_page: Math.max(data.length, 1),
        current_page: 1,
        total_pages: 1,
      },
    },
  };
}
