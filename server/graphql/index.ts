/** The product's GraphQL endpoint (/graphql) and the storefront's client for it. */
export * from './client.ts';
export { GRAPHQL_LIMITS } from './limits.ts';
export { createGraphqlRoutes, type GraphqlRoutesOptions } from './routes.ts';
