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

export function signupConfirmationMessage(input: {
  email: string;
  firstName: string;
  link: string;
  minutes: number;
}): MailMessage {
  return {
    to: input.email,
    subject: 'Finish creating your Ridgeline account',
    kind: 'signup-confirmation',
    text: [
      `Hello ${input.firstName},`,
      '',
      'To finish creating your Ridgeline account, open:',
      input.link,
      '',
      `The link works once, for ${Math.round(input.minutes / 60)} hours. If you did not ask for an account, ignore this message: none is created.`,
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with (the form answered as for a new address). */
export function signupExistingAccountMessage(input: {
  email: string;
  firstName: string;
  signInLink: string;
  resetLink: string;
}): MailMessage {
  return {
    to: input.email,
    subject: 'Someone tried to create a Ridgeline account with your address',
    kind: 'signup-existing',
    text: [
      `Hello ${input.firstName},`,
      '',
      'Someone tried to create a Ridgeline account with your e-mail address, which already has one. No new account was created.',
      '',
      'If it was you, sign in:',
      input.signInLink,
      '',
      'Forgot your password? Choose a new one:',
      input.resetLink,
      '',
      'If it was not you, you need do nothing: your account has not changed.',
    ].join('\n'),
  };
}

/** English wording of the back-in-stock mail; display text (§3) of the subscriber's locale overrides it. */
export const BACK_IN_STOCK_TEXT = {
  'back in stock mail subject': '{product} is back in stock',
  'back in stock mail body':
    'Good news: {product} ({variant}) is back in stock at Ridgeline Snowshoe Co. You asked us to tell you.',
  'back in stock mail link': 'See it in the store',
} as const;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

export function backInStockMessage(input: {
  email: string;
  productName: string;
  /** Colour / size of the variant that came back. */
  variantLabel: string;
  productUrl: string;
  /** Display text of the subscriber's locale (keys of BACK_IN_STOCK_TEXT); English when missing. */
  text?: Readonly<Record<string, string>>;
}): MailMessage {
  const say = (key: keyof typeof BACK_IN_STOCK_TEXT) =>
    fill(input.text?.[key]?.trim() || BACK_IN_STOCK_TEXT[key], {
      product: input.productName,
      variant: input.variantLabel,
    });
  const body = say('back in stock mail body').replace(' ()', '');
  return {
    to: input.email,
    subject: say('back in stock mail subject'),
    kind: 'back-in-stock',
    text: `${body}\n\n${say('back in stock mail link')}: ${input.productUrl}`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.productUrl)}">${escapeHtml(say('back in stock mail link'))}</a></p>`,
  };
}
