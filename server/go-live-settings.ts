import type { Config } from './config.ts';
import { trustsAnyProxy } from './http/proxy-trust.ts';

/**
 * Settings a public deployment must set, each with why. `npm start` runs without them (embedded defaults for a
 * developer's machine); the start warns once per missing one, and README "Going live" lists the same.
 */
export function goLiveWarnings(
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'DATABASE_URL' | 'SMTP_URL' | 'TRUST_PROXY'>,
  generatedKeys: readonly string[],
  demoStaffActive = false,
): string[] {
  const warnings: string[] = [];
  if (!config.PUBLIC_BASE_URL)
    warnings.push(
      'PUBLIC_BASE_URL is not set: canonical links, sitemaps and mail use the listening address, and the page cache serves only requests for it',
    );
  if (!config.DATABASE_URL)
    warnings.push('DATABASE_URL is not set: the embedded database serves one process on this machine only');
  if (!config.SMTP_URL) warnings.push('SMTP_URL is not set: mail is written to DATA_DIR/outbox, not sent');
  if (!trustsAnyProxy(config.TRUST_PROXY))
    warnings.push(
      'TRUST_PROXY is not set: behind a load balancer or CDN every visitor has the proxy’s address (limits, blocklist)',
    );
  if (demoStaffActive)
    warnings.push(
      'demo staff accounts can sign in to /admin with the passwords in the README: create your owner (npm run staff) and disable them',
    );
  for (const key of generatedKeys)
    warnings.push(
      // The invitation key signs the store's own links; the others are a hosted service's keys once one is used.
      key === 'STAFF_INVITE_KEY'
        ? `${key} is not set: a key generated for this database signs staff invitations; set your own secret (32+ characters)`
        : key === 'THROTTLE_KEY'
          ? `${key} is not set: a key kept in the database hashes the throttles' addresses; set your own secret (32+ characters) so a copy of the database alone cannot confirm an address`
          : `${key} is not set: a key generated for this database is used; set it to the hosted service's key`,
    );
  return warnings;
}
