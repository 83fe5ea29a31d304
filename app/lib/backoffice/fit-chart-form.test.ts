import { describe, expect, it } from 'vitest';
import { parseFitForm } from './fit-chart-form.ts';

describe('parseFitForm', () => {
  it('reads a series name and a range per size', () => {
    expect(
      parseFitForm({
        intent: 'save',
        name: ' Deep snow ',
        rows: '2',
        'size-0': '25 in',
        'min-0': '55',
        'max-0': '90.5',
        'size-1': '30 in',
        'min-1': '90.5',
        'max-1': '125',
      }),
    ).toEqual({
      ok: true,
      form: {
        intent: 'save',
        name: 'Deep snow',
        ranges: [
          { size: '25 in', minKg: 55, maxKg: 90.5 },
          { size: '30 in', minKg: 90.5, maxKg: 125 },
        ],
      },
    });
  });

  it('answers a bad load by its own field', () => {
    expect(
      parseFitForm({
        intent: 'save',
        name: 'Deep snow',
        rows: '2',
        'size-0': '25 in',
        'min-0': '',
        'max-0': '90.55',
        'size-1': '30 in',
        'min-1': '-1',
        'max-1': '500',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        'min-0': '25 in, from: type a load in kg.',
        'max-0': '25 in, to: at most one decimal.',
        'min-1': '30 in, from: a load is 0 kg or more.',
        'max-1': '30 in, to: at most 400 kg.',
      },
    });
  });

  it('needs a name, and a size for each row', () => {
    expect(parseFitForm({ intent: 'save', name: ' ', rows: '1' })).toEqual({
      ok: false,
      fieldErrors: { name: 'Name the series.' },
    });
    expect(parseFitForm({ intent: 'save', name: 'A', rows: '1', 'min-0': '1', 'max-0': '2' })).toEqual({
      ok: false,
      fieldErrors: { form: 'A size is missing: reload the page.' },
    });
  });

  it('reads the choice of a series and the removal of the chart', () => {
    expect(parseFitForm({ intent: 'use', seriesId: '4' })).toEqual({
      ok: true,
      form: { intent: 'use', seriesId: 4 },
    });
    expect(parseFitForm({ intent: 'remove' })).toEqual({ ok: true, form: { intent: 'remove' } });
    expect(parseFitForm({ intent: 'use', seriesId: 'x' }).ok).toBe(false);
  });
});
