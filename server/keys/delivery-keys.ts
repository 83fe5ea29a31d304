import { randomBytes } from 'node:crypto';

/**
 * The keys a client shows to the built-in content service (`api_key`, `access_token`) and search service
 * (`Authorization: Bearer`), which the storefront's own clients send too. Fixed defaults printed in the README
 * would open every installation to anyone who read it (issue 17 #7), so a key not given in settings is random:
 * `loadConfig` draws one, and the server's start keeps the first one drawn for its database
 * (`keep-delivery-keys.ts`), so restarts and every process on one database agree. Tests that build services from
 * `loadConfig` get keys of their own, and read them from `services.config`.
 */
export const DELIVERY_KEY_SETTINGS = [
  'CONTENT_API_KEY',
  'CONTENT_DELIVERY_TOKEN',
  'SEARCH_KEY',
  // The content management API's token (issue 21): writes content, so it is never a published default either.
  'CONTENT_MANAGEMENT_TOKEN',
  // The preview token and signing key of preview links (docs/decisions/0010-content-preview.md).
  'CONTENT_PREVIEW_TOKEN',
  // The key signing staff invitation links (server/backoffice/staff-invitations.ts): whoever holds it can open
  // any account with an invitation outstanding, so it is never shared with a hosted service as the tokens above are.
  'STAFF_INVITE_KEY',
  // The key of the throttles' hashed keys (server/commerce/rate-limits.ts): rate_limits never holds an email or a
  // client address in clear, and without this key a guessed address cannot be checked against its rows.
  'THROTTLE_KEY',
] as const;
export type DeliveryKeySetting = (typeof DELIVERY_KEY_SETTINGS)[number];
export type DeliveryKeys = Record<DeliveryKeySetting, string>;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Fresh random keys, shaped like the hosted services' (a `blt…` stack key, a `cs…` token, `search-…`). */
export function randomDeliveryKeys(): DeliveryKeys {
  return {
    CONTENT_API_KEY: `blt${hex(8)}`,
    CONTENT_DELIVERY_TOKEN: `cs${hex(16)}`,
    SEARCH_KEY: `search-${hex(12)}`,
    CONTENT_MANAGEMENT_TOKEN: `cs${hex(24)}`,
    CONTENT_PREVIEW_TOKEN: `csp${hex(32)}`,
    STAFF_INVITE_KEY: hex(32),
    THROTTLE_KEY: hex(32),
  };
}
