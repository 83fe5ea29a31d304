/**
 * The hosted-search protocol of SPEC §7 under one base path (`/search` by default):
 * POST {base}/api/as/v1/engines/{engine}/search.json, multi_search.json, query_suggestion.json and click.json,
 * with the bearer search key checked. Non-ok answers carry `{ errors: [...] }` (what §8's client reads).
 */
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Engine } from './engine.ts';
import { parseSearchRequest } from './request.ts';
import { isObject, SearchRequestError } from './validation.ts';

export interface ProtocolOptions {
  engine: Engine;
  /** Engines this service answers for. */
  engines: readonly string[];
  searchKey: string;
  onError?: (error: unknown) => void;
}

export function createSearchProtocol(options: ProtocolOptions): Hono {
  const app = new Hono();
  // A search key is public by design (it only reads): browsers on other origins may call the service.
  app.use('/api/*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 600 }));

  app.use('/api/as/v1/engines/:engine/*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const key = header.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (!key || key !== options.searchKey) {
      return c.json({ errors: ['Invalid authentication credentials: a valid search key is required'] }, 401);
    }
    if (!options.engines.includes(c.req.param('engine') ?? '')) {
      return c.json({ errors: ['Could not find engine.'] }, 404);
    }
    c.header('Cache-Control', 'no-store');
    await next();
  });

  // The hosted service answers each endpoint with and without `.json` (the official client uses both).
  const post = (name: string, handler: (c: Context) => Promise<Response>) => {
    app.post(`/api/as/v1/engines/:engine/${name}.json`, handler);
    app.post(`/api/as/v1/engines/:engine/${name}`, handler);
  };

  async function body(request: Request): Promise<unknown> {
    const textBody = await request.text();
    if (!textBody) return {};
    try {
      return JSON.parse(textBody);
    } catch {
      throw new SearchRequestError(400, ['The request body is not valid JSON']);
    }
  }

  function failure(error: unknown) {
    if (error instanceof SearchRequestError) return { status: error.status, messages: error.messages };
    options.onError?.(error);
    return { status: 500, messages: ['The search service failed to answer; please try again'] };
  }

  post('search', async (c) => {
    try {
      const request = parseSearchRequest(await body(c.req.raw));
      return c.json(await options.engine.search(c.req.param('engine') ?? '', request));
    } catch (error) {
      const { status, messages } = failure(error);
      return c.json({ errors: messages }, status as 400);
    }
  });

  post('multi_search', async (c) => {
    try {
      const input = await body(c.req.raw);
      const queries = isObject(input) && Array.isArray(input.queries) ? input.queries : null;
      if (!queries || queries.length === 0 || queries.length > 10) {
        throw new SearchRequestError(400, ['Queries must be a list of 1 to 10 searches']);
      }
      const requests = queries.map(parseSearchRequest);
      const engine = c.req.param('engine') ?? '';
      const answers = [];
      for (const request of requests) answers.push(await options.engine.search(engine, request));
      return c.json(answers);
    } catch (error) {
      const { status, messages } = failure(error);
      return c.json({ errors: messages }, status as 400);
    }
  });

  post('query_suggestion', async (c) => {
    try {
      const input = await body(c.req.raw);
      if (!isObject(input) || typeof input.query !== 'string') {
        throw new SearchRequestError(400, ['Query must be a string']);
      }
      const size = input.size === undefined ? 5 : Number(input.size);
      if (!Number.isInteger(size) || size < 1 || size > 20) {
        throw new SearchRequestError(400, ['Size must be between 1 and 20']);
      }
      // Extension: a `filters.locale` narrows suggestions to one content locale.
      const filters = isObject(input.filters) ? input.filters : {};
      const locale = typeof filters.locale === 'string' ? filters.locale : null;
      return c.json(
        await options.engine.suggest(c.req.param('engine') ?? '', {
          query: input.query.slice(0, 200),
          size,
          locale,
        }),
      );
    } catch (error) {
      const { status, messages } = failure(error);
      return c.json({ errors: messages }, status as 400);
    }
  });

  post('click', async (c) => {
    try {
      const input = await body(c.req.raw);
      if (!isObject(input) || typeof input.query !== 'string' || typeof input.document_id !== 'string') {
        throw new SearchRequestError(400, ['Click needs a query and a document_id']);
      }
      await options.engine.click(c.req.param('engine') ?? '', {
        query: input.query,
        documentId: input.document_id,
        ...(typeof input.request_id === 'string' ? { requestId: input.request_id } : {}),
        tags: Array.isArray(input.tags) ? input.tags.map(String) : [],
      });
      return c.body(null, 200);
    } catch (error) {
      const { status, messages } = failure(error);
      return c.json({ errors: messages }, status as 400);
    }
  });

  app.all('/api/*', (c) => c.json({ errors: [`No search endpoint ${c.req.method} ${c.req.path}`] }, 404));
  return app;
}
