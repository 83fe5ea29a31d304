import { describe, expect, it } from 'vitest';
import { collectOptionValues } from './option-values.ts';

describe('§5 option-value collection', () => {
  it('collects the distinct values of each option across variants, in order', () => {
    const variants = [
      { option_values: [{ id: 1, option_display_name: 'Color', values: [{ id: 10, label: 'Black' }] }] },
      { option_values: [{ id: 1, option_display_name: 'Color', values: [{ id: 11, label: 'Glacier' }] }] },
      {
        option_values: [
          { id: 1, option_display_name: 'Color', values: [{ id: '10', label: 'Black' }] },
          { id: 2, option_display_name: 'Size', values: [{ id: 20, label: '25 in' }] },
        ],
      },
    ];
    expect(collectOptionValues(variants)).toEqual([
      {
        id: 1,
        displayName: 'Color',
        values: [
          { id: 10, label: 'Black' },
          { id: 11, label: 'Glacier' },
        ],
      },
      { id: 2, displayName: 'Size', values: [{ id: 20, label: '25 in' }] },
    ]);
  });

  it('skips values lacking an id or a label', () => {
    const variants = [
      {
        option_values: [
          {
            option_display_name: 'Size',
            values: [
              { id: null, label: '21 in' },
              { id: 3, label: '' },
              { id: '', label: 'x' },
              null,
              { id: 4, label: '30 in' },
            ],
          },
        ],
      },
    ];
    expect(collectOptionValues(variants)).toEqual([
      { id: null, displayName: 'Size', values: [{ id: 4, label: '30 in' }] },
    ]);
  });

  it('tolerates variants and options that are missing', () => {
    expect(collectOptionValues([null, {}, { option_values: [null, { id: 5 }] }])).toEqual([
      { id: 5, displayName: '', values: [] },
    ]);
    expect(collectOptionValues([])).toEqual([]);
  });
});
