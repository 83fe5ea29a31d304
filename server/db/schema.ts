// Every table of the product, for Drizzle and drizzle-kit. Each part of the platform owns its own schema file.
export * from '../commerce/schema.ts';
