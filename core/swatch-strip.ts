/**
 * Colour swatch strip of the product tile (SPEC §2): only with more than one colour; up to 6 swatches on
 * desktop and 4 on mobile, the rest counted in a '+N' overflow.
 */

export const SWATCH_LIMIT = { desktop: 6, mobile: 4 } as const;

export interface SwatchStrip<T> {
  show: boolean;
  visible: T[];
  overflow: number;
  /** '+N', or null when nothing overflows. */
  overflowLabel: string | null;
}

export function swatchStrip<T>(colors: readonly T[], viewport: keyof typeof SWATCH_LIMIT): SwatchStrip<T> {
  if (colors.length <= 1) return { show: false, visible: [], overflow: 0, overflowLabel: null };
  const limit = SWATCH_LIMIT[viewport];
  const visible = colors.slice(0, limit);
  const overflow = colors.length - visible.length;
  return { show: true, visible, overflow, overflowLabel: overflow > 0 ? `+${overflow}` : null };
}
