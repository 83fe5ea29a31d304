import { formatCurrency } from '#core/currency-format.ts';
import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { contentLocaleOf, parseLocale } from '#core/locale.ts';
import { trackingUrl } from '#core/tracking.ts';
import type { Commerce } from '../commerce/index.ts';
import type { Mailer } from './mailer.ts';
import {
  orderCancelledMessage,
  orderConfirmationMessage,
  orderRefundedMessage,
  orderShippedMessage,
  passwordResetMessage,
  proApprovedMessage,
  proRejectedMessage,
  signupConfirmationMessage,
  signupExistingAccountMessage,
} from './messages.ts';
import type { ProductNames } from './product-names.ts';

/**
 * The store's transactional mail, sent when commerce announces a change (server/events). `origin` is the one
 * configured origin of the store: links in mail never come from a request's Host header.
 */
export function subscribeMail(deps: {
  commerce: Commerce;
  mailer: Mailer;
  origin: string;
  /** Display text of a content locale ('en-us', 'fr', …) for localised mails; English wording when absent. */
  textFor?: (contentLocale: string) => Promise<Readonly<Record<string, string>>>;
  /** Products' names in a content locale (server/mail/product-names.ts); the order lines' names when absent. */
  productNames?: ProductNames;
}): void {
  const { commerce, mailer, origin } = deps;

  /** Items named in the locale segment's language where the product's content entry names them. */
  async function localNames<T extends { name: string; productId: number | null }>(
    segment: string,
    items: readonly T[],
  ): Promise<T[]> {
    const locale = parseLocale(segment);
    if (!locale || !deps.productNames) return [...items];
    const ids = items.flatMap((item) => (item.productId === null ? [] : [item.productId]));
    const names = await deps
      .productNames(ids, contentLocaleOf(locale))
      .catch(() => new Map<number, string>());
    return items.map((item) => ({
      ...item,
      name: (item.productId !== null && names.get(item.productId)) || item.name,
    }));
  }

  /** The display text of a locale segment, or undefined (English) when it cannot be read. */
  async function textOf(segment: string): Promise<Readonly<Record<string, string>> | undefined> {
    const locale = parseLocale(segment);
    if (!locale || !deps.textFor) return undefined;
    try {
      return await deps.textFor(contentLocaleOf(locale));
    } catch {
      return undefined;
    }
  }

  commerce.events.on('order-placed', async ({ orderId, locale }) => {
    const [order, row] = await Promise.all([commerce.orders.get(orderId), commerce.orders.find(orderId)]);
    const format = await commerce.currencies.get(order.currency_code);
    const method = commerce.checkout.payment.byId(row?.paymentMethod ?? '');
    const texts = DISPLAY_TEXT_DEFAULTS as Record<string, string>;
    const label = order.coupon_code
      ? ((await textOf(locale))?.['discount line'] ?? texts['discount line']!).replace(
          '{code}',
          order.coupon_code,
        )
      : '';
    await mailer.send(
      orderConfirmationMessage({
        id: order.id,
        email: row?.email ?? '',
        firstName: order.shipping_address.first_name,
        status: order.status,
        currency: format,
        items: order.products.map((item) => ({
          name: item.name,
          sku: item.sku,
          quantity: item.quantity,
          price: item.price_inc_tax,
        })),
        subtotal: order.subtotal_inc_tax,
        discount:
          order.coupon_code && order.coupon_discount > 0 ? { label, amount: order.coupon_discount } : null,
        shippingCost: order.shipping_cost_inc_tax,
        total: order.total_inc_tax,
        shippingMethod: row?.shippingMethod ?? '',
        paymentInstructions: method
          ? (texts[method.instructionsKey] ?? '').replace('{order}', String(order.id))
          : '',
        orderUrl: `${origin}/${locale}/order-status?order=${order.id}`,
      }),
    );
  });

  commerce.events.on('password-reset-requested', async (reset) => {
    await mailer.send(
      passwordResetMessage({
        email: reset.email,
        firstName: reset.firstName,
        link: `${origin}/${reset.locale}/account/reset?token=${reset.token}`,
        minutes: reset.minutes,
      }),
    );
  });

  // Issue 19: the back office shipped a parcel or cancelled the order; the mail is in the shipping country's
  // default language (the order has no locale of its own; commerce chose it, server/commerce/order-admin.ts).
  commerce.events.on('order-shipped', async ({ orderId, shipmentId, locale }) => {
    const order = await commerce.orderAdmin.detail(orderId);
    const shipment = order.shipments.find((entry) => entry.id === shipmentId);
    if (!shipment) return;
    await mailer.send(
      orderShippedMessage({
        id: order.id,
        email: order.email,
        firstName: order.shippingAddress.first_name,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
        items: await localNames(locale, shipment.items),
        orderUrl: `${origin}/${locale}/order-status?order=${order.id}`,
        text: await textOf(locale),
      }),
    );
  });

  commerce.events.on('signup-confirmation-requested', async (signup) => {
    await mailer.send(
      signupConfirmationMessage({
        email: signup.email,
        firstName: signup.firstName,
        link: `${origin}/${signup.locale}/account/confirm?token=${signup.token}`,
        minutes: signup.minutes,
      }),
    );
  });

  commerce.events.on('pro-approved', async (approved) => {
    const format = await commerce.currencies.get(approved.currency);
    await mailer.send(
      proApprovedMessage({
        email: approved.email,
        firstName: approved.firstName,
        spendLimit: formatCurrency(approved.spendLimit, format),
        expiresAt: approved.expiresAt,
        link: `${origin}/${approved.locale}/pro`,
        text: await textOf(approved.locale),
      }),
    );
  });

  commerce.events.on('order-cancelled', async ({ orderId, reason, locale }) => {
    const order = await commerce.orderAdmin.detail(orderId);
    await mailer.send(
      orderCancelledMessage({
        id: order.id,
        email: order.email,
        firstName: order.shippingAddress.first_name,
        reason,
        paid: order.paid,
        orderUrl: `${origin}/${locale}/order-status?order=${order.id}`,
        text: await textOf(locale),
      }),
    );
  });

  // Issue 40: a refund or a return; the mail lists what came back and what was refunded, in the order's language.
  async function sendRefundMail(
    orderId: number,
    refundId: number | null,
    returnId: number | null,
    locale: string,
  ) {
    const order = await commerce.orderAdmin.detail(orderId);
    const refund = refundId === null ? null : order.refunds.find((entry) => entry.id === refundId);
    const returned = returnId === null ? null : order.returns.find((entry) => entry.id === returnId);
    if (refundId !== null && !refund) return;
    if (returnId !== null && !returned) return;
    const format = await commerce.currencies.get(order.currencyCode);
    const money = (value: number) => formatCurrency(value, format);
    const linesTotal = (refund?.lines ?? []).reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    const other = refund
      ? Math.round(refund.amount * 100) - linesTotal - Math.round(refund.shipping * 100)
      : 0;
    await mailer.send(
      orderRefundedMessage({
        id: order.id,
        email: order.email,
        firstName: order.shippingAddress.first_name,
        amount: refund ? money(refund.amount) : null,
        lines: (refund?.lines ?? []).map((line) => ({
          name: line.name,
          quantity: line.quantity,
          amount: money(line.amount),
        })),
        shipping: refund && refund.shipping > 0 ? money(refund.shipping) : null,
        other: other > 0 ? money(other / 100) : null,
        returned: returned
          ? returned.items.map((item) => ({ name: item.name, quantity: item.quantity }))
          : null,
        orderUrl: `${origin}/${locale}/order-status?order=${order.id}`,
        text: await textOf(locale),
      }),
    );
  }

  commerce.events.on('order-refunded', ({ orderId, refundId, locale }) =>
    sendRefundMail(orderId, refundId, null, locale),
  );
  commerce.events.on('order-returned', ({ orderId, returnId, refundId, locale }) =>
    sendRefundMail(orderId, refundId, returnId, locale),
  );

  commerce.events.on('pro-rejected', async (rejected) => {
    await mailer.send(
      proRejectedMessage({
        email: rejected.email,
        firstName: rejected.firstName,
        reason: rejected.reason,
        link: `${origin}/${rejected.locale}/pro/signup`,
        text: await textOf(rejected.locale),
      }),
    );
  });

  commerce.events.on('signup-attempted-existing', async (attempt) => {
    await mailer.send(
      signupExistingAccountMessage({
        email: attempt.email,
        firstName: attempt.firstName,
        signInLink: `${origin}/${attempt.locale}/account/login`,
        resetLink: `${origin}/${attempt.locale}/account/reset`,
      }),
    );
  });
}
