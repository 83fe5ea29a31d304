/** Small, deterministic helpers for drawing SVG art: numbers, colours, a seeded random source. */

/** Rounds to one decimal so the files stay small and byte-stable. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

export function pts(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function rgbToHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes two colours: t=0 gives a, t=1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex(ca.map((v, i) => v + ((cb[i] ?? 0) - v) * t));
}

export const lighten = (hex: string, t: number) => mix(hex, '#ffffff', t);
export const darken = (hex: string, t: number) => mix(hex, '#000000', t);

/** Relative luminance 0..1, to pick contrasting accents. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A tone family for one product colour: base, highlight, shadow, deep shadow, outline. */
export interface Tone {
  base: string;
  light: string;
  shade: string;
  deep: string;
  line: string;
}

export function tone(hex: string): Tone {
  const bright = luminance(hex) > 0.6;
  const dark = luminance(hex) < 0.03;
  return {
    base: hex,
    light: dark ? lighten(hex, 0.28) : lighten(hex, bright ? 0.6 : 0.32),
    shade: darken(hex, bright ? 0.12 : 0.25),
    deep: darken(hex, bright ? 0.3 : 0.5),
    line: bright ? '#9aa1a8' : darken(hex, 0.6),
  };
}

/** Mulberry32: a tiny seeded PRNG so every drawing is the same on every run. */
export function random(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A linear gradient definition. */
export function linear(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = dir;
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('')}</linearGradient>`;
}

export function radial(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  at: { cx?: number; cy?: number; r?: number } = {},
): string {
  const { cx = 0.5, cy = 0.5, r = 0.5 } = at;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('')}</radialGradient>`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** An SVG document with a <title> (its alternative text) first. */
export function svgDocument(
  width: number,
  height: number,
  title: string,
  defs: string[],
  body: string[],
): string {
  const text = title.replace(/[&<>"]/g, (ch) => XML_ESCAPES[ch] ?? ch);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${text}</title><defs>${defs.join('')}</defs>${body.join('')}</svg>\n`;
}

/** Catmull-Rom through points, as a smooth closed or open cubic path. */
export function smoothPath(points: ReadonlyArray<readonly [number, number]>, closed = true): string {
  const p = points;
  const len = p.length;
  const at = (i: number) => (closed ? p[(i + len) % len]! : p[Math.max(0, Math.min(len - 1, i))]!);
  let d = `M${n(p[0]![0])} ${n(p[0]![1])}`;
  const segments = closed ? len : len - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0]!)} ${n(c1[1]!)} ${n(c2[0]!)} ${n(c2[1]!)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}
