/**
 * Cookie consent. Visitors where the law asks for consent before analytics and marketing cookies (the EU flag of
 * SPEC §4, plus the United Kingdom, Switzerland and Norway) choose first; elsewhere tags run unless the visitor
 * opted out. The choice is remembered in one cookie, `consent`, as `analytics=granted|denied,marketing=…`.
 */
import { isEuCountry } from './regions.ts';

export const CONSENT_COOKIE = 'consent';
export type ConsentValue = 'granted' | 'denied';

export interface Consent {
  analytics: ConsentValue;
  marketing: ConsentValue;
}

const EXTRA_CONSENT_COUNTRIES = ['gb', 'uk', 'ch', 'no'];

export function consentRequiredFor(country: string): boolean {
  const code = country.toLowerCase();
  return isEuCountry(code) || EXTRA_CONSENT_COUNTRIES.includes(code);
}

/** The stored choice, or null when the visitor has not chosen (or the cookie is unreadable). */
export function parseConsent(cookie: string | null | undefined): Consent | null {
  if (!cookie) return null;
  const entries = new Map(
    cookie
      .split(',')
      .map((part) => part.split('=').map((piece) => piece.trim()) as [string, string | undefined]),
  );
  const analytics = entries.get('analytics');
  const marketing = entries.get('marketing');
  const valid = (value: string | undefined): value is ConsentValue =>
    value === 'granted' || value === 'denied';
  return valid(analytics) && valid(marketing) ? { analytics, marketing } : null;
}

export function formatConsent(consent: Consent): string {
  return `analytics=${consent.analytics},marketing=${consent.marketing}`;
}

/**
 * What the tag manager may do now: without a choice, consent-law countries deny everything and other countries
 * grant by default (the visitor can still opt out from the footer).
 */
export function effectiveConsent(country: string, stored: Consent | null): Consent {
  if (stored) return stored;
  const value: ConsentValue = consentRequiredFor(country) ? 'denied' : 'granted';
  return { analytics: value, marketing: value };
}

/** Google consent mode fields for the data layer, sent before any event. */
export function consentModeFields(consent: Consent): Record<string, ConsentValue> {
  return {
    analytics_storage: consent.analytics,
    ad_storage: consent.marketing,
    ad_user_data: consent.marketing,
    ad_personalization: consent.marketing,
  };
}
