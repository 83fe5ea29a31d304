import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import type { Commerce } from '../commerce/index.ts';
import type { Mailer } from './mailer.ts';
import {
  orderConfirmationMessage,
  passwordResetMessage,
  signupConfirmationMessage,
  signupExistingAccountMessage,
} from './messages.ts';

/**
 * The store's transactional mail, sent when commerce announces a change (server/events). `origin` is the one
 * configured origin of the store: links in mail never come from a request's Host header.
 */
export function subscribeMail(deps: { commerce: Commerce; mailer: Mailer; origin: string }): void {
  const { commerce, mailer, origin } = deps;

  commerce.events.on('order-placed', async ({ orderId, locale }) => {
    const [order, row] = await Promise.all([commerce.orders.get(orderId), commerce.orders.find(orderId)]);
    const format = await commerce.currencies.get(order.currency_code);
    const method = commerce.checkout.payment.byId(row?.paymentMethod ?? '');
    const texts = DISPLAY_TEXT_DEFAULTS as Record<string, string>;
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
