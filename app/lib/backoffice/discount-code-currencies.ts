import { COMMERCE_REGION_CURRENCY, COMMERCE_REGIONS } from '#core/regions.ts';

/**
 * The currencies a discount code can carry an amount or a minimum in: one per commerce region. Its own module so
 * the form's fields can list them without bringing the server's schema (and zod) into the page's JavaScript.
 */
export const CODE_CURRENCIES = [
  ...new Set(COMMERCE_REGIONS.map((region) => COMMERCE_REGION_CURRENCY[region])),
];
