import { describe, expect, it } from 'vitest';
import { CONTACT_REGIONS, contactRegionFor, EU_CONTACT_COUNTRIES } from './contact-region.ts';

describe('§9 contact regions', () => {
  it('lists us, ca, no, jp, au, nz, uk, kr, eu', () => {
    expect([...CONTACT_REGIONS]).toEqual(['us', 'ca', 'no', 'jp', 'au', 'nz', 'uk', 'kr', 'eu']);
  });

  it('answers the countries of its own name', () => {
    for (const country of ['us', 'ca', 'no', 'jp', 'au', 'nz', 'uk', 'kr']) {
      expect(contactRegionFor(country)).toBe(country);
    }
  });

  it('answers de, fr, at, cz, it, nl, pl, se, gb, ch with eu', () => {
    expect([...EU_CONTACT_COUNTRIES]).toEqual(['de', 'fr', 'at', 'cz', 'it', 'nl', 'pl', 'se', 'gb', 'ch']);
    for (const country of EU_CONTACT_COUNTRIES) expect(contactRegionFor(country.toUpperCase())).toBe('eu');
  });

  it('sends other European countries to eu and everyone else to us', () => {
    expect(contactRegionFor('be')).toBe('eu');
    expect(contactRegionFor('es')).toBe('eu');
    expect(contactRegionFor('br')).toBe('us');
    expect(contactRegionFor('global')).toBe('us');
  });
});
