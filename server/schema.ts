// Every table of the product, for Drizzle and drizzle-kit. Each part of the platform owns its own schema file.

export * from './audit/schema.ts';
export * from './backoffice/schema.ts';
export * from './bookings/schema.ts';
export * from './cache/schema.ts';
export * from './commerce/schema.ts';
export * from './commerce/schema-catalogue.ts';
export * from './commerce/schema-customers.ts';
export * from './commerce/schema-discounts.ts';
export * from './commerce/schema-fit.ts';
export * from './commerce/schema-payments.ts';
export * from './commerce/schema-reviews.ts';
export * from './commerce/schema-sales.ts';
export * from './content/schema.ts';
export * from './keys/schema.ts';
export * from './newsletter/schema.ts';
export * from './payment/schema.ts';
export * from './search/schema.ts';
export * from './wishlist/schema.ts';
