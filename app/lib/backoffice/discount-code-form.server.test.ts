import { describe, expect, it } from 'vitest';
import { checkedOf, discountCodeFormSchema, formValuesOf } from './discount-code-form.server.ts';

const schema = discountCodeFormSchema('Europe/Berlin');
const base = { code: 'winter10', kind: 'percent', percent: '10', scope: 'cart' };

describe('the discount-code form', () => {
  it('reads a percent code, upper-cases it and reads times on the store clock', () => {
    const parsed = schema.parse({ ...base, startsAt: '2026-12-24T09:00', combinesWithSale: '1' });
    expect(parsed).toMatchObject({
      code: 'WINTER10',
      kind: 'percent',
      percent: 10,
      amounts: {},
      combinesWithSale: true,
      appliesToPro: false,
      usageLimit: null,
      confirmed: false,
    });
    expect(parsed.startsAt?.toISOString()).toBe('2026-12-24T08:00:00.000Z');
  });

  it('reads amounts and minimums per currency and product references', () => {
    const parsed = schema.parse({
      ...base,
      kind: 'amount',
      percent: '',
      amount_EUR: '12.50',
      minimum_EUR: '60',
      amount_USD: '',
      scope: 'products',
      products: 'RL-1001, 104\nRL-2002',
      usageLimit: '100',
      confirmed: '1',
    });
    expect(parsed).toMatchObject({
      amounts: { EUR: 12.5 },
      minimums: { EUR: 60 },
      productRefs: ['RL-1001', '104', 'RL-2002'],
      usageLimit: 100,
      confirmed: true,
    });
  });

  it('names the field of each mistake', () => {
    const result = schema.safeParse({
      ...base,
      code: 'two words',
      percent: '150',
      endsAt: 'tomorrow',
      usageLimit: '0',
      amount_CAD: '-3',
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => String(issue.path[0])));
    expect(fields).toEqual(new Set(['code', 'percent', 'endsAt', 'usageLimit', 'amount_CAD']));
    const missing = schema.safeParse({ ...base, kind: 'amount', percent: '' });
    expect(missing.error!.issues.map((issue) => issue.path[0])).toEqual(['amount_USD']);
    const noPercent = schema.safeParse({ ...base, percent: '' });
    expect(noPercent.error!.issues.map((issue) => issue.path[0])).toEqual(['percent']);
  });

  it('reads checked boxes and fills the form back from a stored code', () => {
    const form = new FormData();
    form.set('region_us', '1');
    form.set('region_ca', '1');
    form.set('category_12', '1');
    expect(checkedOf(form, 'region_')).toEqual(['us', 'ca']);
    expect(checkedOf(form, 'category_')).toEqual(['12']);
    const values = formValuesOf(
      {
        code: 'TRAILNA',
        description: '',
        kind: 'amount',
        percent: null,
        amounts: { USD: 20 },
        minimums: { USD: 150 },
        scope: 'cart',
        startsAt: new Date('2026-12-24T08:00:00Z'),
        endsAt: null,
        usageLimit: 500,
        perCustomerLimit: null,
      },
      'Europe/Berlin',
    );
    expect(values).toMatchObject({
      amount_USD: '20.00',
      amount_EUR: '',
      minimum_USD: '150.00',
      startsAt: '2026-12-24T09:00',
      endsAt: '',
      usageLimit: '500',
      percent: '',
    });
  });
});
