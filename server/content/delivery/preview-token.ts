/**
 * Preview (docs/decisions/0010-content-preview.md): a delivery request that carries the server's preview token
 * (`preview_token`, as the hosted service's live preview) is answered from the working copies — the drafts —
 * instead of what is published. A request naming a wrong preview token is refused, never quietly answered live.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

export const PREVIEW_TOKEN_HEADER = 'preview_token';

const same = (sent: string, expected: string) => {
  const left = Buffer.from(sent);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
};

const previewRequests = new WeakSet<Request>();

/** Whether the request carried the right preview token (checked by `checkPreviewToken`). */
export const isPreview = (c: Context) => previewRequests.has(c.req.raw);

/** Marks a request with the right token as a preview; refuses one with a wrong token. */
export function checkPreviewToken(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    const sent = c.req.header(PREVIEW_TOKEN_HEADER) ?? c.req.header('preview-token');
    if (sent !== undefined) {
      if (!token || !same(sent, token))
        return c.json(
          {
            error_message: 'Preview token is not valid.',
            error_code: 109,
            errors: { preview_token: ['is not valid.'] },
          },
          401,
        );
      previewRequests.add(c.req.raw);
    }
    await next();
  };
}
