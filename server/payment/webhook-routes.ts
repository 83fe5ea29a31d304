/**
 * `POST /api/webhooks/payment/:provider`: a payment provider that answered "pending" tells the store later whether
 * the payment went through (decision 0055). The body is signed: `X-Payment-Signature: sha256=<hex>`, the
 * HMAC-SHA256 of the raw body under PAYMENT_WEBHOOK_SECRET, compared in constant time. Providers deliver at least
 * once, so an event id already acted on is answered 200 with nothing done; an event for an order the store does
 * not know (another store's, or sent before its order committed) is answered 202 and logged, never an error the
 * provider would retry forever.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { PaymentProvider } from './payment.ts';
import { paymentWebhookEvents } from './schema.ts';

export const PAYMENT_WEBHOOK_PATH = '/webhooks/payment/:provider';
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';

const eventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    id: z.string().min(1).max(200),
    type: z.literal('payment.authorized'),
    order_id: z.number().int().positive().max(2_147_483_647),
    reference: z.string().min(1).max(200),
  }),
  z.strictObject({
    id: z.string().min(1).max(200),
    type: z.literal('payment.declined'),
    order_id: z.number().int().positive().max(2_147_483_647),
    reference: z.string().min(1).max(200),
    reason: z.string().max(500).default('declined'),
  }),
]);
export type PaymentWebhookEvent = z.input<typeof eventSchema>;

/** The header value a body signed with `secret` carries (tests and a provider's side). */
export function paymentSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

function signedWith(header: string | undefined, body: string, secret: string): boolean {
  const given = Buffer.from(header?.trim() ?? '');
  const expected = Buffer.from(paymentSignature(body, secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface PaymentWebhookOptions {
  db: Database;
  /** PAYMENT_WEBHOOK_SECRET; unset, no provider's webhook exists (404). */
  secret: string | undefined;
  /** The store's provider; only one that confirms later has a webhook. */
  provider: PaymentProvider;
  /** Moves the order's payment (commerce's `orderPayments.decide`). */
  decide(
    providerId: string,
    orderId: number,
    decision:
      | { outcome: 'authorized'; reference: string }
      | { outcome: 'declined'; reference: string; reason: string },
  ): Promise<'changed' | 'unchanged' | 'unknown-order'>;
  logger?: { info?(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

const problem = (status: number, title: string, detail: string) => ({ status, title, detail });

export function createPaymentWebhookRoutes(options: PaymentWebhookOptions): Hono {
  const routes = new Hono();
  routes.post(PAYMENT_WEBHOOK_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const providerId = c.req.param('provider');
    const { provider, secret } = options;
    if (!secret || provider.id !== providerId || !provider.confirmsLater)
      return c.json(problem(404, 'Not Found', `No payment webhook for '${providerId}'`), 404);
    const body = await c.req.text();
    if (!signedWith(c.req.header(PAYMENT_SIGNATURE_HEADER), body, secret))
      return c.json(problem(401, 'Unauthorized', 'The signature is not valid'), 401);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return c.json(problem(400, 'Bad Request', 'The body is not JSON'), 400);
    }
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return c.json(problem(400, 'Bad Request', `${issue.path.join('.') || 'body'}: ${issue.message}`), 400);
    }
    const event = parsed.data;
    const { db } = options;
    const [seen] = await db
      .select({ orderId: paymentWebhookEvents.orderId })
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, providerId), eq(paymentWebhookEvents.eventId, event.id)));
    if (seen) return c.json({ received: true, replay: true });
    const outcome = await options.decide(
      providerId,
      event.order_id,
      event.type === 'payment.authorized'
        ? { outcome: 'authorized', reference: event.reference }
        : { outcome: 'declined', reference: event.reference, reason: event.reason },
    );
    if (outcome === 'unknown-order') {
      options.logger?.warn(
        { provider: providerId, event: event.id, orderId: event.order_id },
        'payment webhook for an order the store does not know',
      );
      return c.json({ received: true, known: false }, 202);
    }
    // Kept after the change: a crash in between leaves the event unmarked, and its delivery again changes nothing.
    await db
      .insert(paymentWebhookEvents)
      .values({ provider: providerId, eventId: event.id, orderId: event.order_id })
      .onConflictDoNothing();
    options.logger?.info?.(
      { provider: providerId, event: event.id, orderId: event.order_id, outcome },
      'payment webhook received',
    );
    return c.json({ received: true, replay: false, changed: outcome === 'changed' });
  });
  return routes;
}
