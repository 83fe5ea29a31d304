import { type CurrencyFormatSettings, formatCurrency } from '#core/currency-format.ts';
import { type DiscountRefusal, discountRefusalText } from '#core/discount-code.ts';

/** The engine's cart turned into what the cart page and mini cart render (no fetching in components). */

export interface CartLineView {
  id: string;
  productId: number;
  variantId: number;
  name: string;
  href: string;
  image: string | null;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  inStock: boolean;
}

export interface CartView {
  id: string;
  count: number;
  lines: CartLineView[];
  subtotal: string;
  subtotalAmount: number;
  shipping: string | null;
  shippingAmount: number | null;
  freeShipping: boolean;
  /** What is still missing for free shipping, formatted; null when reached or not offered. */
  awayFromFree: string | null;
  /** 0–1 progress toward free shipping; null when not offered to this shopper. */
  freeProgress: number | null;
  total: string;
  totalAmount: number;
  currency: string;
  /** The discount code on the cart: what it takes off now, or the display-text key of why it takes nothing. */
  discount: CartDiscountView | null;
}

export interface CartDiscountView {
  code: string;
  applied: boolean;
  /** What it takes off the lines, formatted ("-€24.90"); null when it only takes off the shipping or nothing. */
  saving: string | null;
  freeShipping: boolean;
  /** The display-text key of the reason it takes nothing; null when applied. */
  reason: string | null;
}

interface EngineCart {
  id: string;
  base_amount: number;
  cart_amount: number;
  discount_amount: number;
  discount_code: {
    code: string;
    applied: boolean;
    reason: DiscountRefusal | null;
    free_shipping: boolean;
  } | null;
  shipping_cost: number | null;
  currency: { code: string };
  line_items: {
    physical_items: {
      id: string;
      product_id: number;
      variant_id: number;
      name: string;
      url: string;
      quantity: number;
      image_url: string | null;
      sale_price: number;
      extended_sale_price: number;
      options: { name: string; value: string }[];
      is_in_stock: boolean;
    }[];
  };
}

const option = (options: { name: string; value: string }[], names: string[]) =>
  options.find((entry) => names.includes(entry.name.toLowerCase()))?.value ?? null;

export function cartView(
  cart: EngineCart,
  format: CurrencyFormatSettings,
  freeMinimum: number | null,
  localeSegment = '',
): CartView {
  const money = (value: number) => formatCurrency(value, format);
  const lines = cart.line_items.physical_items.map((line) => ({
    id: line.id,
    productId: line.product_id,
    variantId: line.variant_id,
    name: line.name,
    href: `${localeSegment ? `/${localeSegment}` : ''}${line.url.replace(/\/$/, '')}`,
    image: line.image_url,
    colour: option(line.options, ['color', 'colour']),
    size: option(line.options, ['size']),
    quantity: line.quantity,
    unitPrice: money(line.sale_price),
    lineTotal: money(line.extended_sale_price),
    inStock: line.is_in_stock,
  }));
  // The subtotal before a code (free shipping is reached on it, as the engine quotes it); the code is its own line.
  const subtotal = cart.base_amount;
  const shipping = cart.shipping_cost;
  const away = freeMinimum !== null && freeMinimum > 0 ? Math.max(0, freeMinimum - subtotal) : null;
  const total = Math.round((cart.cart_amount + (shipping ?? 0)) * 100) / 100;
  const code = cart.discount_code;
  return {
    id: cart.id,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    lines,
    subtotal: money(subtotal),
    subtotalAmount: subtotal,
    shipping: shipping === null ? null : money(shipping),
    shippingAmount: shipping,
    freeShipping: shipping === 0,
    awayFromFree: away !== null && away > 0 ? money(Math.round(away * 100) / 100) : null,
    freeProgress: freeMinimum !== null && freeMinimum > 0 ? Math.min(1, subtotal / freeMinimum) : null,
    total: money(total),
    totalAmount: total,
    currency: cart.currency.code,
    discount: code
      ? {
          code: code.code,
          applied: code.applied,
          saving: code.applied && cart.discount_amount > 0 ? `−${money(cart.discount_amount)}` : null,
          freeShipping: code.applied && code.free_shipping,
          reason: code.reason ? discountRefusalText(code.reason) : null,
        }
      : null,
  };
}
