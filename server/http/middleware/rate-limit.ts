import type { Context, MiddlewareHandler } from 'hono';
import type { Commerce } from '../../commerce/index.ts';
import { clientIp, type ProxyTrust } from './client-ip.ts';

/**
 * Counts one attempt against each key; the first exhausted limit answers 429 with Retry-After. Returns null
 * when the request may go on.
 */
export async function rateLimited(
  c: Context,
  commerce: Commerce,
  windowSeconds: number,
  limits: [key: string, limit: number][],
): Promise<Response | null> {
  for (const [key, limit] of limits) {
    const result = await commerce.rateLimits.hit(key, limit, windowSeconds);
    if (!result.allowed) return tooMany(c, result.retryAfter);
  }
  return null;
}

function tooMany(c: Context, retryAfter: number): Response {
  c.header('Retry-After', String(retryAfter));
  return c.json(
    {
      status: 429,
      title: 'Too Many Requests',
      detail: `Too many attempts; try again in ${retryAfter} seconds`,
    },
    429,
  );
}

export interface OrderStatusLimits {
  windowSeconds: number;
  perIp: number;
  perEmail: number;
  trustProxy: ProxyTrust | boolean;
}

/**
 * Throttles GET /api/order-status/:id?email=… (an order number and an email are all it takes, so guessing
 * either must be slow): every lookup counts per client IP and per email, on the shared database counters.
 */
export function orderStatusLimit(commerce: Commerce, limits: OrderStatusLimits): MiddlewareHandler {
  return async (c, next) => {
    const email = (c.req.query('email') ?? '').trim().toLowerCase().slice(0, 254);
    const checks: [string, number][] = [[`order-status:ip:${clientIp(c, limits.trustProxy)}`, limits.perIp]];
    if (email) checks.push([`order-status:email:${email}`, limits.perEmail]);
    const limited = await rateLimited(c, commerce, limits.windowSeconds, checks);
    if (limited) {
      limited.headers.set('Cache-Control', 'no-store');
      return limited;
    }
    return next();
  };
}
