/**
 * Default call-to-action copy (SPEC §9): 'Shop Now' for products, 'Learn More' otherwise.
 */

export const DEFAULT_CTA_COPY = { product: 'Shop Now', other: 'Learn More' } as const;

export function ctaCopyFor(dataType: string | null | undefined, copy?: string | null): string {
  const own = copy?.trim();
  if (own) return own;
  return dataType === 'product' ? DEFAULT_CTA_COPY.product : DEFAULT_CTA_COPY.other;
}

/** §5: a call-to-action button is shown only with non-empty button text. */
export function hasCtaText(text: string | null | undefined): text is string {
  return Boolean(text?.trim());
}
