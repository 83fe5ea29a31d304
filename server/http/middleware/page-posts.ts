import type { MiddlewareHandler } from 'hono';

/** What a page action reads (`request.formData()`): the two encodings an HTML form sends. */
const FORM_TYPE = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;
const MULTIPART = /^\s*multipart\/form-data/i;

/**
 * Pages answer what a browser sends them: GET and HEAD, and a form by POST. Anything else used to reach a page
 * action and fail inside it (PUT or DELETE on the cart, JSON or no body posted by a script: 500 and an error
 * logged each time); it is now answered before any route or turn in the line, with a clear error and nothing
 * changed: 405 with `Allow` for another method, 415 for a body that is not a form, 400 for a
 * multipart body that cannot be read (a URL-encoded one always can). Multipart posts are the back office's uploads
 * and nothing a shopper sends, so reading one twice (here, on a copy, and in the action) costs little.
 * OPTIONS, TRACE and the like are left to the router, which answers 405 itself.
 */
export function pagePosts(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE') return next();
    if (method !== 'POST')
      return c.json(
        {
          status: 405,
          title: 'Method Not Allowed',
          detail: 'Pages answer GET and HEAD, and take forms by POST.',
        },
        405,
        { Allow: 'GET, HEAD, POST' },
      );
    const type = c.req.header('content-type') ?? '';
    if (!FORM_TYPE.test(type))
      return c.json(
        {
          status: 415,
          title: 'Unsupported Media Type',
          detail: 'Pages take forms: application/x-www-form-urlencoded or multipart/form-data.',
        },
        415,
      );
    if (MULTIPART.test(type)) {
      try {
        await c.req.raw.clone().formData();
      } catch {
        return c.json(
          {
            status: 400,
            title: 'Bad Request',
            detail: 'The form could not be read: its multipart body is malformed.',
          },
          400,
        );
      }
    }
    return next();
  };
}
