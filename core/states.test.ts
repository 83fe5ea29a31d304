import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, stateByCode, statesOf, US_STATES } from './states.ts';

describe('§3 §9 state and province options', () => {
  it('lists the 50 US states plus DC and Puerto Rico', () => {
    expect(US_STATES).toHaveLength(52);
    expect(stateByCode('us', 'dc')).toEqual({
      text: 'District of Columbia',
      value: 'district-of-columbia',
      code: 'DC',
    });
    expect(stateByCode('US', 'PR')?.text).toBe('Puerto Rico');
  });

  it('lists the 13 Canadian provinces and territories', () => {
    expect(CA_PROVINCES).toHaveLength(13);
    expect(CA_PROVINCES.map((p) => p.code)).toEqual(
      expect.arrayContaining(['QC', 'ON', 'BC', 'NU', 'NT', 'YT', 'PE', 'NL']),
    );
  });

  it('gives every option a text, a slug value and a unique two-letter code', () => {
    for (const list of [US_STATES, CA_PROVINCES]) {
      expect(new Set(list.map((s) => s.code)).size).toBe(list.length);
      for (const state of list) {
        expect(state.code).toMatch(/^[A-Z]{2}$/);
        expect(state.value).toMatch(/^[a-z]+(-[a-z]+)*$/);
      }
    }
  });

  it('has no state list for other countries', () => {
    expect(statesOf('ca')).toBe(CA_PROVINCES);
    expect(statesOf('de')).toEqual([]);
    expect(stateByCode('de', 'BY')).toBeUndefined();
  });
});
