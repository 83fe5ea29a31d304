import type { Context } from 'hono';

/**
 * Changes the headers of the answer a handler has already returned. Hono's `c.header` wraps a finished answer
 * in a new Response around its body stream, and merely asking whether that body was used turns
 * @hono/node-server's lightweight Response (a buffer written in one go) into a web stream read chunk by chunk:
 * every page-cache hit paid that for its locale Vary and cookies (issue 18 #1 cost the cache 25-40 % of its
 * throughput). The headers of a Response built here are mutable, so they are changed in place; only an
 * immutable one (a `Response.redirect`, a fetch answer) is wrapped anew.
 */
export function editAnswerHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.res = new Response(c.res.body, c.res);
    edit(c.res.headers);
  }
}
