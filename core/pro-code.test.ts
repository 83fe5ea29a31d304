import { describe, expect, it } from 'vitest';
import { isProCodeInfo, PRO_CODE_FIELD, proCodeInfoOf } from './pro-code.ts';

describe("§3 pro code info from the 'Pro Code' form field or notes", () => {
  it("reads JSON from the 'Pro Code' form field", () => {
    const customer = { form_fields: [{ name: PRO_CODE_FIELD, value: '{"region":"pro","code":"GUIDE24"}' }] };
    expect(proCodeInfoOf(customer)).toEqual({ region: 'pro', code: 'GUIDE24' });
  });

  it('accepts a form field value that is already an object', () => {
    expect(proCodeInfoOf({ form_fields: [{ name: 'Pro Code', value: { region: 'pro_ca' } }] })).toEqual({
      region: 'pro_ca',
    });
  });

  it('reads notes when the form field is absent or unreadable', () => {
    expect(proCodeInfoOf({ notes: '{"region":"pro_eu_region_1"}' })?.region).toBe('pro_eu_region_1');
    const customer = { form_fields: [{ name: 'Pro Code', value: 'oops' }], notes: '{"region":"pro"}' };
    expect(proCodeInfoOf(customer)?.region).toBe('pro');
  });

  it('treats bad JSON as not pro, never a crash', () => {
    expect(proCodeInfoOf({ notes: 'Prefers phone contact' })).toBeNull();
    expect(proCodeInfoOf({ notes: '{"region":' })).toBeNull();
    expect(proCodeInfoOf({ notes: '"pro"' })).toBeNull();
    expect(proCodeInfoOf({ notes: '["pro"]' })).toBeNull();
    expect(proCodeInfoOf({ notes: 'null' })).toBeNull();
    expect(proCodeInfoOf({ notes: null, form_fields: null })).toBeNull();
    expect(proCodeInfoOf(undefined)).toBeNull();
  });
});

describe("§4 a customer is pro when the pro code region starts with 'pro'", () => {
  it.each(['pro', 'pro_ca', 'pro_eu_region_1'])('%s is pro', (region) => {
    expect(isProCodeInfo({ region })).toBe(true);
  });

  it.each([['us'], ['no'], ['Pro'], [''], [undefined]])('%j is not pro', (region) => {
    expect(isProCodeInfo({ region })).toBe(false);
  });

  it('is not pro without info or with a non-string region', () => {
    expect(isProCodeInfo(null)).toBe(false);
    expect(isProCodeInfo({ region: 42 as unknown as string })).toBe(false);
  });
});
