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
  /** The discount code's line (its label in the shopper's language, "Rabattcode WINTER10") and its saving. */
  discount?: { label: string; amount: number } | null;
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
    ...(order.discount ? [`${order.discount.label}: −${money(order.discount.amount)}`] : []),
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
    .join('')}</ul>${
    order.discount
      ? `<p>${escapeHtml(order.discount.label)}: −${escapeHtml(money(order.discount.amount))}</p>`
      : ''
  }<p>Total: <strong>${escapeHtml(money(order.total))}</strong></p><p>${escapeHtml(order.paymentInstructions)}</p><p><a href="${escapeHtml(order.orderUrl)}">Track your order</a></p>`;
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

/**
 * English wording of the shipping and cancellation mails (issue 19); display text (§3) of the shopper's locale
 * overrides each key when the content service has it, as for the back-in-stock mail.
 */
export const ORDER_UPDATE_TEXT = {
  'order shipped mail subject': 'Your Ridgeline order {order} is on its way',
  'order shipped mail body': 'Hello {name}, a parcel of your order {order} has left our warehouse.',
  'order shipped mail tracking': 'Carrier: {carrier}. Tracking number: {tracking}',
  'order shipped mail track link': 'Track your parcel',
  'order shipped mail items': 'In this parcel:',
  'order cancelled mail subject': 'Your Ridgeline order {order} is cancelled',
  'order cancelled mail body': 'Hello {name}, your order {order} has been cancelled.',
  'order cancelled mail reason': 'Reason: {reason}',
  'order cancelled mail refund': 'You paid for this order: the money will be refunded to you.',
  'order mail status link': 'See your order',
  'order refunded mail subject': 'Your refund for Ridgeline order {order}',
  'order refunded mail body': 'Hello {name}, we have refunded {amount} for your order {order}.',
  'order refunded mail lines': 'Refunded:',
  'order refunded mail shipping': 'Shipping: {amount}',
  'order refunded mail other': 'Other: {amount}',
  'order refunded mail timing':
    'The money goes back the way you paid; your bank may take a few days to show it.',
  'order returned mail subject': 'We received your return for Ridgeline order {order}',
  'order returned mail body': 'Hello {name}, your return for order {order} has arrived at our warehouse.',
  'order returned mail items': 'Returned:',
} as const;

type OrderUpdateKey = keyof typeof ORDER_UPDATE_TEXT;

/** The wording of a key: the locale's display text when it has it, else the English default; values filled in. */
function sayer<K extends string>(defaults: Readonly<Record<K, string>>) {
  return (text: Readonly<Record<string, string>> | undefined, values: Record<string, string>) => (key: K) =>
    fill(text?.[key]?.trim() || defaults[key], values);
}

const orderSay = sayer<OrderUpdateKey>(ORDER_UPDATE_TEXT);

export function orderShippedMessage(input: {
  id: number;
  email: string;
  firstName: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page, or null for a carrier without one (the order page is linked instead). */
  trackingUrl: string | null;
  items: { name: string; sku: string; quantity: number }[];
  orderUrl: string;
  text?: Readonly<Record<string, string>>;
}): MailMessage {
  const say = orderSay(input.text, {
    order: String(input.id),
    name: input.firstName,
    carrier: input.carrier,
    tracking: input.trackingNumber,
  });
  const link = input.trackingUrl ?? input.orderUrl;
  const lines = input.items.map((item) => `${item.quantity} × ${item.name} (${item.sku})`);
  return {
    to: input.email,
    subject: say('order shipped mail subject'),
    kind: 'order-shipped',
    text: [
      say('order shipped mail body'),
      '',
      say('order shipped mail tracking'),
      `${say('order shipped mail track link')}: ${link}`,
      '',
      say('order shipped mail items'),
      ...lines,
      '',
      `${say('order mail status link')}: ${input.orderUrl}`,
    ].join('\n'),
    html: `<p>${escapeHtml(say('order shipped mail body'))}</p><p>${escapeHtml(say('order shipped mail tracking'))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(say('order shipped mail track link'))}</a></p><p>${escapeHtml(say('order shipped mail items'))}</p><ul>${lines
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join(
        '',
      )}</ul><p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(say('order mail status link'))}</a></p>`,
  };
}

export function orderCancelledMessage(input: {
  id: number;
  email: string;
  firstName: string;
  reason: string;
  /** Paid before it was cancelled: the mail says the money comes back. */
  paid: boolean;
  orderUrl: string;
  text?: Readonly<Record<string, string>>;
}): MailMessage {
  const say = orderSay(input.text, { order: String(input.id), name: input.firstName, reason: input.reason });
  const paragraphs = [
    say('order cancelled mail body'),
    say('order cancelled mail reason'),
    ...(input.paid ? [say('order cancelled mail refund')] : []),
  ];
  return {
    to: input.email,
    subject: say('order cancelled mail subject'),
    kind: 'order-cancelled',
    text: [...paragraphs, '', `${say('order mail status link')}: ${input.orderUrl}`].join('\n'),
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(say('order mail status link'))}</a></p>`,
  };
}

export interface RefundMailInput {
  id: number;
  email: string;
  firstName: string;
  /** Formatted in the order's currency (the mail does not format money itself). */
  amount: string;
  lines: { name: string; quantity: number; amount: string }[];
  shipping: string | null;
  /** What the refund gives back beyond its lines and shipping, or null. */
  other: string | null;
  /** The items of the return it came with, or null for a refund on its own. */
  returned: { name: string; quantity: number }[] | null;
  orderUrl: string;
  text?: Readonly<Record<string, string>>;
}

/**
 * What was refunded, line by line, in the order's language (issue 40): after a refund, or after a return with or
 * without its refund (`amount` null: the return alone).
 */
export function orderRefundedMessage(
  input: Omit<RefundMailInput, 'amount'> & { amount: string | null },
): MailMessage {
  const say = (key: OrderUpdateKey, values: Record<string, string> = {}) =>
    orderSay(input.text, {
      order: String(input.id),
      name: input.firstName,
      amount: input.amount ?? '',
      ...values,
    })(key);
  const returned = (input.returned ?? []).map((item) => `${item.quantity} × ${item.name}`);
  const refunded = [
    ...input.lines.map((line) => `${line.quantity} × ${line.name}: ${line.amount}`),
    ...(input.shipping ? [say('order refunded mail shipping', { amount: input.shipping })] : []),
    ...(input.other ? [say('order refunded mail other', { amount: input.other })] : []),
  ];
  const sections: { heading: string; lines: string[] }[] = [];
  if (input.returned) sections.push({ heading: say('order returned mail items'), lines: returned });
  if (input.amount && refunded.length)
    sections.push({ heading: say('order refunded mail lines'), lines: refunded });
  const paragraphs = [
    ...(input.returned ? [say('order returned mail body')] : []),
    ...(input.amount ? [say('order refunded mail body'), say('order refunded mail timing')] : []),
  ];
  const subject = input.amount ? say('order refunded mail subject') : say('order returned mail subject');
  return {
    to: input.email,
    subject,
    kind: input.amount ? 'order-refunded' : 'order-returned',
    text: [
      ...paragraphs,
      ...sections.flatMap((section) => ['', section.heading, ...section.lines]),
      '',
      `${say('order mail status link')}: ${input.orderUrl}`,
    ].join('\n'),
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}${sections
      .map(
        (section) =>
          `<p>${escapeHtml(section.heading)}</p><ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      )
      .join(
        '',
      )}<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(say('order mail status link'))}</a></p>`,
  };
}

/** English wording of the pro decision mails; display text (§3) of the applicant's locale overrides it. */
export const PRO_DECISION_TEXT = {
  'pro approved mail subject': 'Your Ridgeline pro account is approved',
  'pro approved mail body':
    'Hello {name}, good news: your application for pro pricing at Ridgeline Snowshoe Co. is approved. Sign in to see your pro prices. Your spend limit is {limit}.',
  'pro approved mail expiry': 'Your pro pricing is valid until {date}.',
  'pro approved mail link': 'Your pro account',
  'pro rejected mail subject': 'Your Ridgeline pro application',
  'pro rejected mail body':
    'Hello {name}, thank you for applying for pro pricing at Ridgeline Snowshoe Co. We cannot approve your application.',
  'pro rejected mail reason': 'Reason: {reason}',
  'pro rejected mail link': 'Apply again',
} as const;

type ProDecisionKey = keyof typeof PRO_DECISION_TEXT;

const proSay = sayer<ProDecisionKey>(PRO_DECISION_TEXT);

export function proApprovedMessage(input: {
  email: string;
  firstName: string;
  spendLimit: string;
  expiresAt: string | null;
  link: string;
  text?: Readonly<Record<string, string>>;
}): MailMessage {
  const say = proSay(input.text, {
    name: input.firstName,
    limit: input.spendLimit,
    date: input.expiresAt ?? '',
  });
  const paragraphs = [
    say('pro approved mail body'),
    ...(input.expiresAt ? [say('pro approved mail expiry')] : []),
  ];
  return {
    to: input.email,
    subject: say('pro approved mail subject'),
    kind: 'pro-approved',
    text: `${paragraphs.join('\n\n')}\n\n${say('pro approved mail link')}: ${input.link}`,
    html: `${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.link)}">${escapeHtml(say('pro approved mail link'))}</a></p>`,
  };
}

export function proRejectedMessage(input: {
  email: string;
  firstName: string;
  reason: string;
  link: string;
  text?: Readonly<Record<string, string>>;
}): MailMessage {
  const say = proSay(input.text, { name: input.firstName, reason: input.reason });
  const paragraphs = [say('pro rejected mail body'), say('pro rejected mail reason')];
  return {
    to: input.email,
    subject: say('pro rejected mail subject'),
    kind: 'pro-rejected',
    text: `${paragraphs.join('\n\n')}\n\n${say('pro rejected mail link')}: ${input.link}`,
    html: `${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.link)}">${escapeHtml(say('pro rejected mail link'))}</a></p>`,
  };
}
