import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { formatLocale, parseServedLocale } from '#core/locale.ts';
import type { Caller } from '../../commerce/index.ts';
import { clearSessionCookie } from '../../sessions/sessions.ts';
import { clientIp, isHttps } from '../middleware/client-ip.ts';
import type { ApiEnv } from '../middleware/session.ts';
import { ApiError, type ApiOptions, body, customerIdOf, list, ownCustomerId, pathId } from './support.ts';

/** Customers, sign-in, sessions and addresses (SPEC §7). Every customer id in a path must be the session's. */

const email = z.email({ error: 'must be an email address' }).max(254);
const password = z.string().min(8, { error: 'must have at least 8 characters' }).max(200);
const name = z.string().trim().min(1, { error: 'must not be empty' }).max(100);
const optionalText = z.string().trim().max(200).optional();

const createBody = z.object({
  email,
  password,
  first_name: name,
  last_name: name,
  company: optionalText,
  phone: z.string().trim().max(40).optional(),
  accepts_marketing: z.boolean().optional(),
  /** The store locale (URL segment, en-us) the confirmation mail links to; en-us when not given. */
  locale: z
    .string()
    .max(20)
    .transform((value, ctx) => {
      const locale = parseServedLocale(value.toLowerCase());
      if (!locale) {
        ctx.addIssue({ code: 'custom', message: 'must be a locale the store serves (en-us)' });
        return z.NEVER;
      }
      return formatLocale(locale);
    })
    .optional(),
});
const confirmBody = z.object({ token: z.string().min(16).max(200) });
const loginBody = z
  .object({
    email,
    pw: z.string().min(1).max(200).optional(),
    password: z.string().min(1).max(200).optional(),
  })
  .refine((value) => value.pw !== undefined || value.password !== undefined, { error: 'pw is required' });
const validateBody = z.object({
  customer: z.union([email, z.number().int().positive()]),
  pw: z.string().min(1).max(200),
});
const bcloginBody = z.object({ id: z.number().int().positive(), redirect: z.string().max(2000).optional() });
const updateBody = z
  .strictObject({
    email: email.optional(),
    first_name: name.optional(),
    last_name: name.optional(),
    company: optionalText,
    phone: z.string().trim().max(40).optional(),
    password: password.optional(),
    current_password: z.string().max(200).optional(),
  })
  .refine((value) => Object.keys(value).some((key) => key !== 'current_password'), {
    error: 'nothing to change',
  });
const addressBody = z.object({
  first_name: name,
  last_name: name,
  company: optionalText,
  address1: z.string().trim().min(1).max(200),
  address2: optionalText,
  city: z.string().trim().min(1).max(100),
  state_or_province: z.string().trim().max(100).optional(),
  postal_code: z.string().trim().min(1).max(20),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code' }),
  phone: z.string().trim().max(40).optional(),
  address_type: z.enum(['residential', 'commercial']).optional(),
});
const addressUpdateBody = addressBody.extend({ id: z.number().int().positive() });

/** Only paths of this site: one leading slash, no scheme, no protocol-relative or backslash tricks. */
export function isLocalPath(target: string): boolean {
  const hasControl = [...target].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);
  return /^\/(?![/\\])/.test(target) && !hasControl && !target.includes('\\');
}

export function customerRoutes(options: ApiOptions) {
  const { commerce } = options;
  const app = new Hono<ApiEnv>();
  const callerOf = (c: Context<ApiEnv>): Caller => ({
    session: c.get('session') ?? null,
    ip: clientIp(c, options.trustProxy),
    https: isHttps(c, options.trustProxy),
  });

  app.get('/customers', async (c) => {
    const raw = c.req.query('email:in') ?? '';
    const wanted = raw
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    const me = c.get('session')?.customer;
    // Never lists other people: at most the signed-in customer, when their email is asked for.
    const data = me && wanted.includes(me.email.toLowerCase()) ? [await commerce.customers.get(me.id)] : [];
    return c.json(list(data));
  });

  /**
   * A sign-up (issue 17 #8): the same answer for a new and a known address, and nobody is signed in. A new
   * address is mailed a confirmation link (its token goes to POST /customers/confirm); a known one's owner is
   * told someone tried.
   */
  app.post('/customers/create', async (c) => {
    const { locale, ...input } = await body(c, createBody);
    await commerce.accounts.signUp(callerOf(c), c.get('region'), input, { locale: locale ?? 'en-us' });
    return c.json({ data: { status: 'confirmation-sent' }, meta: {} }, 202);
  });

  /** Follows a sign-up's confirmation link: creates the account once and signs it in (410 when used/expired). */
  app.post('/customers/confirm', async (c) => {
    const input = await body(c, confirmBody);
    const signedIn = await commerce.accounts.confirmSignUp(callerOf(c), input.token);
    c.header('Set-Cookie', signedIn.setCookie);
    return c.json({ data: signedIn.customer, meta: { csrfToken: signedIn.csrfToken } }, 201);
  });

  app.post('/customers/login', async (c) => {
    const input = await body(c, loginBody);
    const signedIn = await commerce.accounts.logIn(callerOf(c), input.email, (input.pw ?? input.password)!);
    c.header('Set-Cookie', signedIn.setCookie);
    return c.json({
      data: signedIn.customer,
      meta: { csrfToken: signedIn.csrfToken, cartId: signedIn.cartId },
    });
  });

  /** Signing out ends every session of the customer (other devices too), not only this one. */
  app.post('/customers/logout', async (c) => {
    await commerce.accounts.signOut(c.get('session') ?? null);
    c.header('Set-Cookie', clearSessionCookie(isHttps(c, options.trustProxy)));
    return c.json({ data: { signed_out: true }, meta: {} });
  });

  app.post('/customers/validate-session', async (c) => {
    const session = c.get('session');
    return c.json({
      data: {
        is_valid: Boolean(session?.customer),
        customer: session?.customer ?? null,
        cart_id: session?.cartId ?? null,
      },
      meta: {},
    });
  });

  /** Checks the signed-in customer's password (e.g. before a sensitive change). */
  app.post('/customers/validate', async (c) => {
    const input = await body(c, validateBody);
    const me = c.get('session')?.customer;
    if (!me) throw new ApiError(401, 'Unauthorized', 'Sign in first');
    const matches =
      typeof input.customer === 'number'
        ? input.customer === me.id
        : input.customer.toLowerCase() === me.email.toLowerCase();
    if (!matches) throw new ApiError(404, 'Not Found', 'No such customer');
    const valid = await commerce.accounts.checkPassword(me, input.pw);
    return c.json({ data: { is_valid: valid, customer_id: me.id }, meta: {} });
  });

  /** The sign-in redirect: only to paths of this site. */
  app.post('/customers/bclogin', async (c) => {
    const input = await body(c, bcloginBody);
    if (input.id !== customerIdOf(c)) throw new ApiError(404, 'Not Found', `No customer ${input.id}`);
    const target = input.redirect ?? '/';
    if (!isLocalPath(target))
      throw new ApiError(
        400,
        'Bad Request',
        'redirect must be a path of this site, starting with a single /',
      );
    return c.json({ data: { redirect_url: target }, meta: {} });
  });

  app.put('/customers/:id', async (c) => {
    const id = ownCustomerId(c, 'id');
    const input = await body(c, updateBody);
    // A new password ends the customer's other sessions (customers.update); this one stays signed in.
    const keepSessionId = c.get('session')?.sessionId ?? null;
    return c.json({ data: await commerce.customers.update(id, input, { keepSessionId }), meta: {} });
  });

  app.delete('/customers/:id', async (c) => {
    const id = ownCustomerId(c, 'id');
    await commerce.customers.delete(id);
    c.header('Set-Cookie', clearSessionCookie(isHttps(c, options.trustProxy)));
    return c.body(null, 204);
  });

  app.get('/customers/:id/addresses', async (c) => {
    const id = ownCustomerId(c, 'id');
    return c.json(list(await commerce.customers.addresses(id)));
  });

  app.post('/customers/:id/addresses', async (c) => {
    const id = ownCustomerId(c, 'id');
    const input = await body(c, addressBody);
    return c.json({ data: await commerce.customers.addAddress(id, input), meta: {} }, 201);
  });

  app.put('/customers/:id/addresses', async (c) => {
    const id = ownCustomerId(c, 'id');
    const input = await body(c, addressUpdateBody);
    return c.json({ data: await commerce.customers.updateAddress(id, input.id, input), meta: {} });
  });

  app.delete('/customers/:id/addresses/:addressId', async (c) => {
    const id = ownCustomerId(c, 'id');
    await commerce.customers.deleteAddress(id, pathId(c, 'addressId'));
    return c.body(null, 204);
  });

  return app;
}
