/** What the add-to-cart action answers (product page and quick-add forms). */
export interface AddToCartResult {
  ok: boolean;
  productId: number | null;
  error?: 'not-sold' | 'invalid' | 'forbidden' | 'unavailable';
  /** The display-text key of why the engine refused (core/error-codes.ts), when it did. */
  message?: string;
  cartId?: string;
}
