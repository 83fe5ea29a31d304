import { describe, expect, it } from 'vitest';
import { ctaCopyFor, DEFAULT_CTA_COPY, hasCtaText } from './cta-copy.ts';

describe('§9 default call-to-action copy', () => {
  it("is 'Shop Now' for products and 'Learn More' otherwise", () => {
    expect(DEFAULT_CTA_COPY).toEqual({ product: 'Shop Now', other: 'Learn More' });
    expect(ctaCopyFor('product')).toBe('Shop Now');
    expect(ctaCopyFor('page')).toBe('Learn More');
    expect(ctaCopyFor('manual', '  ')).toBe('Learn More');
    expect(ctaCopyFor(null)).toBe('Learn More');
  });

  it('keeps copy the editor wrote', () => {
    expect(ctaCopyFor('product', ' See the Trail 24 ')).toBe('See the Trail 24');
  });
});

describe('§5 call-to-action shown only with non-empty button text', () => {
  it('accepts text and rejects empty or blank text', () => {
    expect(hasCtaText('Shop')).toBe(true);
    expect(hasCtaText('')).toBe(false);
    expect(hasCtaText('   ')).toBe(false);
    expect(hasCtaText(null)).toBe(false);
  });
});
