/** The demo catalogue and store data of the built-in commerce engine, as readable data. */
export * from './categories.ts';
export * from './colours.ts';
export * from './prices.ts';
export * from './products.ts';
export * from './store.ts';
