import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { contentLocaleOf, parseLocale } from '#core/locale.ts';
import { invitationDue } from '#core/reviews.ts';
import { mailLocaleOf } from '../commerce/order-admin.ts';
import { reviewInvitations } from '../commerce/schema-reviews.ts';
import type { OrderAddressRecord } from '../commerce/schema-sales.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { ProductNames } from './product-names.ts';

/**
 * The invitation to review (issue 45, decision 0043): `afterDays` (REVIEW_INVITE_DAYS) after the last parcel of
 * an order reached its buyer, one mail in the order's language listing what they kept, each with a link to write
 * the review from their account. A timed job like the sale schedule (sale-schedule.ts): every process may tick;
 * an order is claimed (review_invitations) before its mail goes, so it is mailed once. Orders delivered longer
 * ago than the window are never mailed, so an upgrade does not invite the whole order history at once.
 */

export const REVIEW_INVITE_EVERY_MS = 10 * 60_000;
export const REVIEW_INVITE_WINDOW_DAYS = 14;

export const REVIEW_INVITE_TEXT = {
  'review invite mail subject': 'How are your Ridgeline snowshoes?',
  'review invite mail body':
    'Hello {name}, your order {order} reached you a few days ago. Other snowshoers would like to know what you think: a few words and a rating help them choose.',
  'review invite mail link': 'Review {product}',
} as const;

type InviteKey = keyof typeof REVIEW_INVITE_TEXT;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function reviewInvitationMessage(input: {
  email: string;
  firstName: string;
  orderId: number;
  products: { name: string; url: string }[];
  text?: Readonly<Record<string, string>>;
}): MailMessage {
  const say = (key: InviteKey, values: Record<string, string>) =>
    (input.text?.[key]?.trim() || REVIEW_INVITE_TEXT[key]).replace(
      /\{(\w+)\}/g,
      (match, name: string) => values[name] ?? match,
    );
  const body = say('review invite mail body', { name: input.firstName, order: String(input.orderId) });
  const links = input.products.map((product) => ({
    label: say('review invite mail link', { product: product.name }),
    url: product.url,
  }));
  return {
    to: input.email,
    subject: say('review invite mail subject', {}),
    kind: 'review-invitation',
    text: [body, '', ...links.map((link) => `${link.label}: ${link.url}`)].join('\n'),
    html: `<p>${escapeHtml(body)}</p><ul>${links
      .map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`)
      .join('')}</ul>`,
  };
}

export interface ReviewInvitationOptions {
  mailer: Mailer;
  origin: string;
  afterDays: number;
  textFor?: (contentLocale: string) => Promise<Readonly<Record<string, string>>>;
  productNames?: ProductNames;
  logger?: Pick<Logger, 'info' | 'error'>;
  everyMs?: number;
}

interface DueOrder {
  id: number;
  email: string;
  locale: string | null;
  shipping_address: OrderAddressRecord;
  first_name: string;
  delivered_at: string | Date;
}

export function createReviewInvitations(db: Database, options: ReviewInvitationOptions) {
  const everyMs = options.everyMs ?? REVIEW_INVITE_EVERY_MS;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running = false;
  const day = 86_400_000;

  async function textOf(segment: string) {
    if (!options.textFor) return undefined;
    return options.textFor(contentLocaleOf(parseLocale(segment)!)).catch(() => undefined);
  }

  /** One look: mails every order that became due; answers how many mails went out. */
  async function tick(now = new Date()): Promise<number> {
    const latest = new Date(now.getTime() - options.afterDays * day);
    const earliest = new Date(latest.getTime() - REVIEW_INVITE_WINDOW_DAYS * day);
    const due = (await db.execute(sql`
      select o.id, o.email, o.locale, o.shipping_address, c.first_name, max(s.delivered_at) as delivered_at
      from orders o
      join customers c on c.id = o.customer_id
      join shipments s on s.order_id = o.id
      where o.fulfillment_status = 'delivered' and c.erased_at is null and c.disabled_at is null
        and o.email <> ''
        and not exists (select 1 from review_invitations ri where ri.order_id = o.id)
      group by o.id, c.first_name
      having max(s.delivered_at) <= ${latest.toISOString()}::timestamptz
        and max(s.delivered_at) > ${earliest.toISOString()}::timestamptz
      order by o.id`)) as unknown as { rows: DueOrder[] };
    let sent = 0;
    for (const order of due.rows) {
      if (!invitationDue(new Date(order.delivered_at), now, options.afterDays, REVIEW_INVITE_WINDOW_DAYS))
        continue;
      const claimed = await db
        .insert(reviewInvitations)
        .values({ orderId: order.id })
        .onConflictDoNothing()
        .returning({ orderId: reviewInvitations.orderId });
      if (claimed.length === 0) continue;
      try {
        const kept = (await db.execute(sql`
          select distinct on (p.id) p.id, p.name, p.slug
          from order_items i join products p on p.id = i.product_id
          where i.order_id = ${order.id}
            and i.quantity > coalesce((
              select sum((item->>'quantity')::int) from order_returns r, jsonb_array_elements(r.items) item
              where r.order_id = i.order_id and (item->>'order_item_id')::int = i.id), 0)
          order by p.id`)) as unknown as { rows: { id: number; name: string; slug: string }[] };
        if (kept.rows.length === 0) continue;
        const locale = order.locale ?? mailLocaleOf(order.shipping_address.country_iso2);
        const names =
          (await options
            .productNames?.(
              kept.rows.map((row) => row.id),
              contentLocaleOf(parseLocale(locale)!),
            )
            .catch(() => undefined)) ?? new Map<number, string>();
        await options.mailer.send(
          reviewInvitationMessage({
            email: order.email,
            firstName: order.first_name,
            orderId: order.id,
            products: kept.rows.map((row) => ({
              name: names.get(row.id) ?? row.name,
              url: `${options.origin}/${locale}/account/orders/${order.id}/review/${row.id}`,
            })),
            text: await textOf(locale),
          }),
        );
        sent += 1;
      } catch (error) {
        // Not sent: the claim goes, so the next look tries this order again.
        await db.delete(reviewInvitations).where(and(eq(reviewInvitations.orderId, order.id)));
        options.logger?.error({ err: error, orderId: order.id }, 'review invitation failed');
      }
    }
    return sent;
  }

  return {
    tick,
    /** Looks every `everyMs` until stopped; a failed look (the database away) is reported and tried again. */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        tick()
          .catch((error: unknown) => options.logger?.error({ err: error }, 'review invitations failed'))
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref?.();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type ReviewInvitations = ReturnType<typeof createReviewInvitations>;
