import { lighten, n, radial } from './svg.ts';

export const TILE_W = 1600;
export const TILE_H = 2133;

/** The studio backdrop every product image shares: warm light grey, lighter behind the product. */
export function backdrop(): { defs: string[]; body: string } {
  return {
    defs: [
      radial(
        'bg',
        [
          [0, '#fbfaf8'],
          [0.6, '#f1efeb'],
          [1, '#e4e1db'],
        ],
        { cx: 0.5, cy: 0.45, r: 0.75 },
      ),
      radial('shadow', [
        [0, '#2a2622', 0.32],
        [0.55, '#2a2622', 0.14],
        [1, '#2a2622', 0],
      ]),
    ],
    body: `<rect width="${TILE_W}" height="${TILE_H}" fill="url(#bg)"/>`,
  };
}

/** A soft contact shadow (a radial-gradient ellipse: no blur filter, so it renders fast). */
export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 1, rotate = 0): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#shadow)" opacity="${opacity}"${
    rotate ? ` transform="rotate(${rotate} ${n(cx)} ${n(cy)})"` : ''
  }/>`;
}

/** The Ridgeline mark: three peaks in one stroke, centred on (x, y), `size` wide. */
export function logoMark(x: number, y: number, size: number, colour: string, width = size * 0.09): string {
  const s = size / 2;
  const d = `M${n(x - s)} ${n(y + s * 0.35)}L${n(x - s * 0.45)} ${n(y - s * 0.3)}L${n(x - s * 0.12)} ${n(y + s * 0.08)}L${n(x + s * 0.22)} ${n(y - s * 0.45)}L${n(x + s)} ${n(y + s * 0.35)}`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linejoin="round" stroke-linecap="round"/>`;
}

/** Brushed metal gradients (steel and aluminium) under fixed ids. */
export function metalDefs(): string[] {
  return [
    `<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef0f2"/><stop offset="0.45" stop-color="#b9bec4"/><stop offset="0.55" stop-color="#d5d9dd"/><stop offset="1" stop-color="#8a9097"/></linearGradient>`,
    `<linearGradient id="steelV" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8d939a"/><stop offset="0.35" stop-color="#e9ecef"/><stop offset="0.6" stop-color="#b7bcc2"/><stop offset="1" stop-color="#7d838a"/></linearGradient>`,
  ];
}

export const STEEL_LINE = '#6b7077';
export const RUBBER = '#2a2c30';
export const RUBBER_DEEP = '#17181b';
export const WEBBING = '#303338';

/** A sheen overlay gradient for fabric: light from the top left. */
export function sheen(id: string, colour = '#ffffff'): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0.22"/><stop offset="0.5" stop-color="${colour}" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></linearGradient>`;
}

export const soft = (hex: string) => lighten(hex, 0.15);
