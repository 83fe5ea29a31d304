import { describe, expect, it } from 'vitest';
import { errorCodeOf, notFound } from '#server/commerce/errors.ts';
import type { Shopper } from './catalogue.server.ts';
import { loadProductPage } from './product.server.ts';

// A shopper whose commerce catalogue answers as given, with no content service (the page still needs commerce).
function shopperWith(catalogue: { getProductBySlug(): Promise<unknown>; getProduct(): Promise<unknown> }) {
  return {
    services: { commerce: { catalogue }, content: { client: null }, errorCode: errorCodeOf },
    locale: { contentRegion: 'us', shoppingRegion: true },
    contentLocale: 'en-us',
    pricing: { regionId: 'us' },
  } as unknown as Shopper;
}

const url = new URL('http://shop.test/en-us/p/ridgeline-summit-ascent-mens');
const databaseDown = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });

describe('loadProductPage', () => {
  it('calls a product the catalogue does not know missing (404)', async () => {
    const shopper = shopperWith({
      getProductBySlug: async () => null,
      getProduct: async () => Promise.reject(notFound('No product')),
    });
    await expect(loadProductPage(shopper, 'no-such-product', url)).resolves.toEqual({ kind: 'missing' });
  });

  it('lets a database failure through instead of answering "not found"', async () => {
    const shopper = shopperWith({
      getProductBySlug: async () => Promise.reject(databaseDown),
      getProduct: async () => Promise.reject(databaseDown),
    });
    await expect(loadProductPage(shopper, 'ridgeline-summit-ascent-mens', url)).rejects.toBe(databaseDown);
  });
});
