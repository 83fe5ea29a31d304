import { type CurrencyFormatSettings, formatCurrency } from '#core/currency-format.ts';
import type { MailMessage } from './mailer.ts';

/** The store's e-mails as plain text (and simple HTML): order confirmation, password reset, back in stock. */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface OrderMailInput {
  id: number;
  email: string;
  firstName: string;
  status: string;
  currency: CurrencyFormatSettings;
  items: { name: string; sku: string; quantity: number; price: number }[];
  subtotal: number;
  shippingCost: number;
  total: number;
  shippingMethod: string;
  paymentInstructions: string;
  orderUrl: string;
}

export function orderConfirmationMessage(order: OrderMailInput): MailMessage {
  const money = (value: number) => formatCurrency(value, order.currency);
  const lines = order.items.map(
    (item) => `${item.quantity} × ${item.name} (${item.sku})  ${money(item.price * item.quantity)}`,
  );
  const text = [
    `Hello ${order.firstName},`,
    '',
    `Thank you for your order ${order.id} from Ridgeline Snowshoe Co.`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(order.subtotal)}`,
    `Shipping (${order.shippingMethod}): ${money(order.shippingCost)}`,
    `Total: ${money(order.total)}`,
    '',
    `Status: ${order.status}`,
    order.paymentInstructions,
    '',
    `Track your order: ${order.orderUrl}`,
  ].join('\n');
  const html = `<h1>Order ${order.id}</h1><p>Hello ${escapeHtml(order.firstName)}, thank you for your order.</p><ul>${order.items
    .map(
      (item) =>
        `<li>${item.quantity} × ${escapeHtml(item.name)} — ${escapeHtml(money(item.price * item.quantity))}</li>`,
    )
    .join(
      '',
    )}</ul><p>Total: <strong>${escapeHtml(money(order.total))}</strong></p><p>${escapeHtml(order.paymentInstructions)}</p><p><a href="${escapeHtml(order.orderUrl)}">Track your order</a></p>`;
  return {
    to: order.email,
    subject: `Your Ridgeline order ${order.id}`,
    text,
    html,
    kind: 'order-confirmation',
  };
}

export function passwordResetMessage(input: {
  email: string;
  firstName: string;
  link: string;
  minutes: number;
}): MailMessage {
  return {
    to: input.email,
    subject: 'Reset your Ridgeline password',
    kind: 'password-reset',
    text: [
      `Hello ${input.firstName},`,
      '',
      'Someone asked to reset the password of your Ridgeline account. To choose a new password, open:',
      input.link,
      '',
      `The link works once, for ${input.minutes} minutes. If you did not ask for this, ignore this message.`,
    ].join('\n'),
  };
}

export function backInStockMessage(input: {
  email: string;
  productName: string;
  productUrl: string;
}): MailMessage {
  return {
    to: input.email,
    subject: `${input.productName} is back in stock`,
    kind: 'back-in-stock',
    text: `Good news: ${input.productName} is back in stock at Ridgeline Snowshoe Co.\n\n${input.productUrl}`,
  };
}
