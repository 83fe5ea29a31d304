/** What the add-to-cart action answers (product page and quick-add forms). */
export interface AddToCartResult {
  ok: boolean;
  productId: number | null;
  error?: 'not-sold' | 'invalid' | 'forbidden' | 'unavailable';
  /** The display-text key of why the engine refused (core/error-codes.ts), when it did. */
  message?: string;
  cartId?: string;
  /**
   * The token of the session this answer created (a first add of a fresh visitor): the form's next post needs
   * it before the page's own data has been reloaded.
   */
  csrfToken?: string;
}
