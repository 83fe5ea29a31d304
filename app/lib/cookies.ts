/** The storefront reads cookies with the store's one parser (core/cookies.ts). */
export { readCookie } from '#core/cookies.ts';
