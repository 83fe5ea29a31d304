import { describe, expect, it } from 'vitest';
import { validateEntry } from '#core/content-validation.ts';
import { contentTypeByUid } from './content-types.ts';

/** The field schemas of the store data editors, as the management service checks them before the entry rules. */
describe('redirect_rules and dealer schemas', () => {
  const redirects = contentTypeByUid('redirect_rules')!;
  const dealer = contentTypeByUid('dealer')!;
  const rule = (from: string, to: string) => ({
    title: 'Legacy redirects',
    rules: [{ from, query: [{ key: 'type', value: 'poles' }], to }],
    allowed_external_hosts: ['www.ridgeline-snowshoes.com'],
  });

  it('redirect_rules is a singleton whose paths the format (RE2) checks as the server does', () => {
    expect(redirects.options.singleton).toBe(true);
    expect(validateEntry(redirects, rule('/accessories', '/c/accessories/poles'))).toMatchObject({
      ok: true,
    });
    expect(validateEntry(redirects, rule('/', 'https://www.ridgeline-snowshoes.com/x'))).toMatchObject({
      ok: true,
    });
    for (const [from, to] of [
      ['//evil.example', '/x'],
      ['/a\\b', '/x'],
      ['accessories', '/x'],
      ['/x', '//evil.example'],
      ['/x', 'javascript:alert(1)'],
      ['/x', 'http://ridgeline-snowshoes.com/'],
    ] as const) {
      const result = validateEntry(redirects, rule(from, to));
      expect(result.ok, `${from} → ${to}`).toBe(false);
    }
  });

  it('dealer coordinates may be left empty (the save rule looks them up); hours are HH:MM from a day list', () => {
    const fields = {
      title: 'Trail Shop',
      address: { street_address: '1 Main Street', city: 'Burlington', postal_code: '05401', country: 'us' },
      hours_of_operation: [{ days_of_week: 'Monday – Friday', opening_time: '09:00', closing_time: '17:30' }],
    };
    expect(validateEntry(dealer, fields)).toMatchObject({ ok: true });
    expect(
      validateEntry(dealer, {
        ...fields,
        hours_of_operation: [{ days_of_week: 'Mondays', opening_time: '9am', closing_time: '17:30' }],
      }),
    ).toMatchObject({
      ok: false,
      problems: [
        { path: ['hours_of_operation', 0, 'days_of_week'] },
        { path: ['hours_of_operation', 0, 'opening_time'] },
      ],
    });
    expect(
      validateEntry(dealer, { ...fields, address: { ...fields.address, postal_code: '' } }),
    ).toMatchObject({
      ok: false,
      problems: [{ path: ['address', 'postal_code'] }],
    });
  });
});
