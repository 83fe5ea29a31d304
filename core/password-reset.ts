/**
 * Customer password-reset link (SPEC §2): the commerce storefront login page with action=reset_password, on
 * the storefront host of the customer's commerce region.
 */
import type { CommerceRegion } from './regions.ts';

export type StorefrontHosts = Readonly<Record<CommerceRegion, string>>;

export function passwordResetLink(region: CommerceRegion, hosts: StorefrontHosts): string {
  const configured = hosts[region].replace(/\/+$/, '');
  // Hosts may be configured bare (us.example.com); the login page is only ever served over TLS.
  const host = /^https?:\/\//.test(configured) ? configured : `https://${configured}`;
  return `${host}/login.php?action=reset_password`;
}
