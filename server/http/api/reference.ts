import { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, fromTrustedProxy, isHttps } from '../middleware/client-ip.ts';
import type { ApiEnv } from '../middleware/session.ts';
import { createGeoLocator } from './geolocation.ts';
import { type ApiOptions, list, parse } from './support.ts';

/** Currencies, countries and states, store settings (region header required). */
export function referenceRoutes({ commerce }: ApiOptions) {
  const app = new Hono<ApiEnv>();
  const code = z.string().regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code' });
  const iso = z.string().regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code' });

  app.get('/currencies', async (c) => c.json(list(await commerce.currencies.list(c.get('region')))));
  app.get('/currencies/:id', async (c) =>
    c.json({
      data: await commerce.currencies.get(parse(code, c.req.param('id'), 'path parameter id')),
      meta: {},
    }),
  );
  app.get('/countries', async (c) => c.json(list(await commerce.countries.list())));
  app.get('/countries/:id/states', async (c) =>
    c.json(list(await commerce.countries.states(parse(iso, c.req.param('id'), 'path parameter id')))),
  );
  app.get('/store', async (c) => c.json({ data: await commerce.store(c.get('region')), meta: {} }));
  return app;
}

/** The session hand-out and geolocation: no region header needed. */
export function sessionRoutes(options: ApiOptions) {
  const { sessions } = options;
  const app = new Hono<ApiEnv>();
  const geo = createGeoLocator(options.geo, options.logger);

  /** Issues (or reads) the session and hands the csrf token to the page. */
  app.get('/session', async (c) => {
    const { session, setCookie } = await sessions.ensure(c.req.raw, isHttps(c, options.trustProxy));
    if (setCookie) c.header('Set-Cookie', setCookie);
    return c.json({
      data: { csrfToken: session.csrfToken, customer: session.customer, cartId: session.cartId },
      meta: {},
    });
  });

  app.get('/geolocation', (c) => {
    // A country header is only as trustworthy as X-Forwarded-For: from an untrusted peer anyone can send it.
    const headers = fromTrustedProxy(c, options.trustProxy) ? c.req.raw.headers : new Headers();
    const country = geo.country(headers, clientIp(c, options.trustProxy));
    return c.json({ data: { country }, meta: {} });
  });
  return app;
}
