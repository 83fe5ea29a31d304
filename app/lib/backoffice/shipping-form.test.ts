import { describe, expect, it } from 'vitest';
import { formKeyOf, shippingForm } from './shipping-form.ts';

const errors = (input: Record<string, string>) => {
  const result = shippingForm.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

const method = { intent: 'method', id: '12', kind: 'total', name: 'Standard', enabled: 'on' };

describe('the shipping page’s forms (issue 20)', () => {
  it('reads a total method’s rows in order, skipping the blank one, with a blank “to” as no upper limit', () => {
    const parsed = shippingForm.parse({
      ...method,
      'lower-1': '0',
      'upper-1': '49.99',
      'cost-1': '8.95',
      'lower-2': '50',
      'upper-2': '',
      'cost-2': '0',
      'lower-3': '',
      'upper-3': '',
      'cost-3': '',
    });
    expect(parsed).toEqual({
      intent: 'method',
      id: 12,
      name: 'Standard',
      enabled: true,
      minimum: undefined,
      ranges: [
        { lower_limit: 0, upper_limit: 49.99, shipping_cost: 8.95 },
        { lower_limit: 50, upper_limit: null, shipping_cost: 0 },
      ],
    });
  });

  it('puts a band’s problem on its field and an overlap or gap on the bands, naming the rows shown', () => {
    expect(errors({ ...method, 'lower-1': '0', 'upper-1': '', 'cost-1': '-1' })).toEqual({
      'cost-1': 'The cost cannot be negative.',
    });
    expect(errors({ ...method, 'lower-1': '0', 'upper-1': '', 'cost-1': '8,95' })).toEqual({
      'cost-1': 'Use a dot for decimals: 8.95, not 8,95.',
    });
    expect(errors({ ...method, 'lower-1': '0', 'upper-1': '10', 'cost-1': '' })).toEqual({
      'cost-1': 'Enter the cost (0 for free).',
    });
    expect(
      errors({
        ...method,
        'lower-1': '0',
        'upper-1': '49.99',
        'cost-1': '8',
        'lower-2': '',
        'upper-2': '',
        'cost-2': '',
        'lower-3': '40',
        'upper-3': '',
        'cost-3': '5',
      }),
    ).toEqual({
      ranges: 'Ranges 1 (0.00–49.99) and 3 (40.00–no upper limit) overlap: 40.00 to 49.99 is in both.',
    });
  });

  it('reads a free-shipping method’s minimum, a zone’s countries and the hidden groups', () => {
    expect(shippingForm.parse({ ...method, kind: 'freeshipping', minimum: '99' })).toMatchObject({
      minimum: 99,
      ranges: undefined,
      enabled: true,
    });
    expect(errors({ ...method, kind: 'freeshipping', minimum: '-1' })).toEqual({
      minimum: 'The free-shipping minimum cannot be negative.',
    });
    expect(shippingForm.parse({ intent: 'zone', id: '3', countries: 'de, at nl' })).toEqual({
      intent: 'zone',
      id: 3,
      countries: ['DE', 'AT', 'NL'],
    });
    expect(errors({ intent: 'zone', id: '3', countries: 'DE, Germany' })).toEqual({
      countries: '“Germany” is not a two-letter country code.',
    });
    expect(
      shippingForm.parse({
        intent: 'free-groups',
        region: 'us',
        enabled: 'on',
        'group-4': 'on',
        'group-7': 'on',
      }),
    ).toEqual({ intent: 'free-groups', region: 'us', isEnabled: true, groupIds: [4, 7] });
    expect(shippingForm.parse({ intent: 'free-minimum', region: 'us', minimum: '120.50' })).toEqual({
      intent: 'free-minimum',
      region: 'us',
      minimum: 120.5,
    });
    expect(errors({ intent: 'free-minimum', region: 'us', minimum: '' })).toEqual({
      minimum: 'Enter the minimum subtotal (0 for always).',
    });
  });

  it('refuses a form that lost what it changes', () => {
    expect(Object.keys(errors({ intent: 'method' }))).toEqual(expect.arrayContaining(['id', 'kind', 'name']));
    expect(errors({ intent: 'free-groups' })).toEqual({
      region: 'Reload the page: this form lost its region.',
    });
    expect(Object.keys(errors({}))).toEqual(['intent']);
  });

  it('tells which form a post came from', () => {
    const form = new FormData();
    form.set('intent', 'method');
    form.set('id', '12');
    expect(formKeyOf(form)).toBe('method-12');
    const regional = new FormData();
    regional.set('intent', 'free-minimum');
    regional.set('region', 'us');
    expect(formKeyOf(regional)).toBe('free-minimum-us');
    expect(formKeyOf(new FormData())).toBe('');
  });
});
