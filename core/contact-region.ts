/**
 * Contact regions of SPEC §9: which contact details (phone, address, hours) a visitor is shown.
 */
import { isEuCountry } from './regions.ts';

export const CONTACT_REGIONS = ['us', 'ca', 'no', 'jp', 'au', 'nz', 'uk', 'kr', 'eu'] as const;
export type ContactRegion = (typeof CONTACT_REGIONS)[number];

/** Countries answered by the shared European contact (§9). */
export const EU_CONTACT_COUNTRIES = ['de', 'fr', 'at', 'cz', 'it', 'nl', 'pl', 'se', 'gb', 'ch'] as const;

/**
 * The spec lists the regions but not a fallback. Another European country is best served by the European
 * contact, and anyone else by the us contact, the store's default country.
 */
export function contactRegionFor(country: string): ContactRegion {
  const code = country.toLowerCase();
  if ((EU_CONTACT_COUNTRIES as readonly string[]).includes(code)) return 'eu';
  const direct = CONTACT_REGIONS.find((region) => region === code);
  if (direct) return direct;
  return isEuCountry(code) ? 'eu' : 'us';
}
