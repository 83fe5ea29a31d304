import { describe, expect, it } from 'vitest';
import {
  consentModeFields,
  consentRequiredFor,
  effectiveConsent,
  formatConsent,
  parseConsent,
} from './consent.ts';

describe('cookie consent (§4 EU flag, plus UK, Switzerland, Norway)', () => {
  it.each(['de', 'FR', 'se', 'gb', 'ch', 'no', 'pl'])('asks visitors in %s first', (country) => {
    expect(consentRequiredFor(country)).toBe(true);
  });

  it.each(['us', 'ca', 'jp', 'au', 'global'])('does not ask visitors in %s', (country) => {
    expect(consentRequiredFor(country)).toBe(false);
  });

  it('round-trips a stored choice', () => {
    const consent = { analytics: 'granted', marketing: 'denied' } as const;
    expect(parseConsent(formatConsent(consent))).toEqual(consent);
  });

  it.each([null, '', 'yes', 'analytics=granted', 'analytics=maybe,marketing=denied'])(
    'treats %s as no choice',
    (cookie) => {
      expect(parseConsent(cookie)).toBeNull();
    },
  );

  it('denies by default where consent is required and grants elsewhere', () => {
    expect(effectiveConsent('de', null)).toEqual({ analytics: 'denied', marketing: 'denied' });
    expect(effectiveConsent('us', null)).toEqual({ analytics: 'granted', marketing: 'granted' });
    const opted = { analytics: 'denied', marketing: 'denied' } as const;
    expect(effectiveConsent('us', opted)).toEqual(opted);
  });

  it('maps a choice to consent mode fields', () => {
    expect(consentModeFields({ analytics: 'granted', marketing: 'denied' })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
  });
});
