import type { MiddlewareHandler } from 'hono';
import { editAnswerHeaders } from '../answer-headers.ts';

/**
 * Locale pages with a visitor's own data (account, cart, checkout, order status) and their route data
 * (`….data`) are never stored by a browser, proxy or CDN: `Cache-Control: private, no-store`, whatever the
 * renderer or the page cache set. And an answer that sets cookies (a first visit's locale cookies, §4, served
 * from the page cache's shared body) is that one visitor's: a shared cache must not keep it and hand its
 * Set-Cookie to others, so a public answer becomes private.
 */
export const PRIVATE_PAGE = /^\/[a-z]{2}-[a-z]{2}\/(account|cart|checkout|order-status)(\/|\.data$|$)/;
/** The back office: never stored, never indexed, whatever a page answers. */
export const BACK_OFFICE = /^\/admin(\/|\.data$|$)/;

const SHARED = /\b(public|s-maxage)\b/i;
export const PER_VISITOR = 'private, max-age=0';

export function privatePages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    editAnswerHeaders(c, (headers) => {
      if (BACK_OFFICE.test(c.req.path)) {
        headers.set('Cache-Control', 'private, no-store');
        headers.set('X-Robots-Tag', 'noindex, nofollow');
      } else if (PRIVATE_PAGE.test(c.req.path)) headers.set('Cache-Control', 'private, no-store');
      else if (headers.has('set-cookie') && SHARED.test(headers.get('cache-control') ?? ''))
        headers.set('Cache-Control', PER_VISITOR);
    });
  };
}
