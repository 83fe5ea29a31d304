/**
 * The stable codes of refusals the engines raise, and what the edge makes of each: the HTTP status and the
 * display-text key a shopper reads (SPEC §7 fallback). `/api` answers with the status; a page form shows the
 * text. One table, so that a status never means different things in different routes.
 */
export const ERROR_CODES = {
  invalid: { status: 400, text: 'error check form' },
  'not-found': { status: 404, text: 'error not found' },
  gone: { status: 410, text: 'error not found' },
  'not-purchasable': { status: 422, text: 'error not purchasable' },
  'sold-out': { status: 409, text: 'error sold out' },
  'line-limit': { status: 422, text: 'error line limit' },
  'email-taken': { status: 409, text: 'error email taken' },
  'wrong-password': { status: 403, text: 'error wrong password' },
  'login-failed': { status: 401, text: 'error login failed' },
  // A staff member's second-factor code (server/backoffice).
  'wrong-code': { status: 401, text: 'error login failed' },
  'reset-expired': { status: 410, text: 'error reset expired' },
  'signup-expired': { status: 410, text: 'error signup expired' },
  'already-pro': { status: 409, text: 'pro already' },
  'too-many-attempts': { status: 429, text: 'error too many attempts' },
  'signed-out': { status: 401, text: 'error session expired' },
  forbidden: { status: 403, text: 'error session expired' },
  conflict: { status: 409, text: 'error stale cart' },
  // Checkout refusals (server/commerce/checkout.ts).
  'empty-cart': { status: 409, text: 'error stale cart' },
  'stale-cart': { status: 409, text: 'error stale cart' },
  'price-changed': { status: 409, text: 'error price changed' },
  'spend-limit': { status: 409, text: 'error spend limit' },
  // A checkout form's own choices: a bad value of the form (400), whichever check found it.
  'payment-method': { status: 400, text: 'error payment method' },
  // The payment provider declined the order's payment (server/commerce/order-payment.ts): the cart is back as it was.
  'payment-declined': { status: 402, text: 'error payment declined' },
  'shipping-method': { status: 400, text: 'error shipping method' },
  address: { status: 400, text: 'error address' },
  // Back office (issue 19): a form read at an older version of the record, and an order change its state refuses.
  // Staff pages show the refusal's own detail (English); the key is only the storefront's fallback wording.
  stale: { status: 409, text: 'error session expired' },
  'order-state': { status: 409, text: 'error check form' },
  // A money change that drops prices by more than the guard's share (core/money-guard.ts, issue 40): it is saved
  // only when sent again with the person's confirmation of the effect the refusal names.
  'needs-confirmation': { status: 409, text: 'error check form' },
  // Content management (issue 21): unpublishing or deleting an entry that published entries still reference.
  referenced: { status: 409, text: 'error check form' },
  // A discount code that takes nothing off the cart (core/discount-code.ts, issue 41): one code per reason, so the
  // cart, checkout and /api all tell the shopper why in their language.
  'discount-unknown-code': { status: 422, text: 'discount unknown code' },
  'discount-expired': { status: 422, text: 'discount expired' },
  'discount-not-yet-valid': { status: 422, text: 'discount not yet valid' },
  'discount-wrong-region': { status: 422, text: 'discount wrong region' },
  'discount-minimum-not-reached': { status: 422, text: 'discount minimum not reached' },
  'discount-used-up': { status: 422, text: 'discount used up' },
  'discount-not-for-pro': { status: 422, text: 'discount not for pro' },
  'discount-nothing-applies': { status: 422, text: 'discount nothing applies' },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

export const statusOf = (code: ErrorCode): ErrorStatus => ERROR_CODES[code].status;
export const textKeyOf = (code: ErrorCode): string => ERROR_CODES[code].text;
