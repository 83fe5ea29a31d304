import type { MiddlewareHandler } from 'hono';

/**
 * Locale pages with a visitor's own data (account, cart, checkout, order status) and their route data
 * (`….data`) are never stored by a browser, proxy or CDN: `Cache-Control: private, no-store`, whatever the
 * renderer or the page cache set.
 */
export const PRIVATE_PAGE = /^\/[a-z]{2}-[a-z]{2}\/(account|cart|checkout|order-status)(\/|\.data$|$)/;

export function privatePages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (PRIVATE_PAGE.test(c.req.path)) c.header('Cache-Control', 'private, no-store');
  };
}
