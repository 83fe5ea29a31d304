/**
 * Connection state (SPEC §3, §4): fast when the effective connection type number is at least 4; fast gives
 * dpi 96 (1x) and 144 (2x), otherwise 72 for both.
 */

export interface ConnectionState {
  fastConnection: boolean;
  dpi: { 1: number; 2: number };
}

export const FAST_DPI = { 1: 96, 2: 144 } as const;
export const SLOW_DPI = { 1: 72, 2: 72 } as const;

/**
 * Accepts the number or the browser's `effectiveType` text ('4g', '3g', 'slow-2g'). Browsers without the
 * Network Information API report nothing; those visitors are assumed fast rather than served blurry images.
 */
export function connectionState(effectiveType: number | string | null | undefined): ConnectionState {
  let generation: number;
  if (effectiveType === null || effectiveType === undefined || effectiveType === '') generation = 4;
  else if (typeof effectiveType === 'number') generation = effectiveType;
  else generation = Number.parseInt(effectiveType.replace(/^slow-/, ''), 10);
  const fastConnection = generation >= 4;
  return { fastConnection, dpi: { ...(fastConnection ? FAST_DPI : SLOW_DPI) } };
}
