import { formatCurrency } from '#core/currency-format.ts';
import { CURRENCIES } from '#core/regions.ts';
import type { MailMessage } from './mailer.ts';
import { backInStockMessage } from './messages.ts';

/**
 * The wishlist's mails (issue 45, decision 0054): a size that came back is the back-in-stock mail as a product
 * page's signup gets it (same template and words); a price drop is its variant, with the old and the new price in
 * the region's currency. Display text of the customer's locale overrides the English wording, key by key.
 */
export const PRICE_DROP_TEXT = {
  'price drop mail subject': '{product} now costs {price}',
  'price drop mail body':
    'Good news: {product} ({variant}) on your wishlist now costs {price} at Ridgeline Snowshoe Co., down from {was}.',
  'price drop mail link': 'See it in the store',
  'price drop mail footer':
    'You asked us to tell you. To stop these mails, switch them off on your wishlist: {wishlist}',
} as const;

type DropKey = keyof typeof PRICE_DROP_TEXT;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The price in the currency's own format ($, €, kr …); the amount with its code for a currency not known here. */
export function mailMoney(amount: number, currency: string): string {
  const format = CURRENCIES.find((entry) => entry.code === currency);
  return format ? formatCurrency(amount, format) : `${amount.toFixed(2)} ${currency}`;
}

export interface WishlistAlertInput {
  email: string;
  productName: string;
  /** The size watched ("Black / 25 in"), or the words for any size. */
  variantLabel: string;
  productUrl: string;
  wishlistUrl: string;
  text?: Readonly<Record<string, string>>;
}

export function priceDropMessage(
  input: WishlistAlertInput & { from: number; to: number; currency: string },
): MailMessage {
  const values = {
    product: input.productName,
    variant: input.variantLabel,
    price: mailMoney(input.to, input.currency),
    was: mailMoney(input.from, input.currency),
    wishlist: input.wishlistUrl,
  };
  const say = (key: DropKey) =>
    (input.text?.[key]?.trim() || PRICE_DROP_TEXT[key]).replace(
      /\{(\w+)\}/g,
      (match, name: string) => values[name as keyof typeof values] ?? match,
    );
  const body = say('price drop mail body').replace(' ()', '');
  const footer = say('price drop mail footer');
  return {
    to: input.email,
    subject: say('price drop mail subject'),
    kind: 'price-drop',
    text: `${body}\n\n${say('price drop mail link')}: ${input.productUrl}\n\n${footer}`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.productUrl)}">${escapeHtml(say('price drop mail link'))}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}

/** The back-in-stock mail of a wishlist's size: the product page signup's mail, unchanged. */
export function wishlistBackInStockMessage(input: WishlistAlertInput): MailMessage {
  return backInStockMessage({
    email: input.email,
    productName: input.productName,
    variantLabel: input.variantLabel,
    productUrl: input.productUrl,
    ...(input.text ? { text: input.text } : {}),
  });
}
