import { describe, expect, it } from 'vitest';
import { SWATCH_LIMIT, swatchStrip } from './swatch-strip.ts';

const colors = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`);

describe('§2 swatch strip', () => {
  it('shows only with more than one colour', () => {
    expect(swatchStrip(colors(0), 'desktop').show).toBe(false);
    expect(swatchStrip(colors(1), 'desktop')).toEqual({
      show: false,
      visible: [],
      overflow: 0,
      overflowLabel: null,
    });
    expect(swatchStrip(colors(2), 'mobile').show).toBe(true);
  });

  it('shows up to 6 swatches on desktop with a +N overflow', () => {
    expect(SWATCH_LIMIT.desktop).toBe(6);
    expect(swatchStrip(colors(6), 'desktop')).toMatchObject({
      visible: colors(6),
      overflow: 0,
      overflowLabel: null,
    });
    expect(swatchStrip(colors(9), 'desktop')).toMatchObject({
      visible: colors(6),
      overflow: 3,
      overflowLabel: '+3',
    });
  });

  it('shows up to 4 swatches on mobile', () => {
    expect(SWATCH_LIMIT.mobile).toBe(4);
    expect(swatchStrip(colors(5), 'mobile')).toMatchObject({ visible: colors(4), overflowLabel: '+1' });
  });
});
