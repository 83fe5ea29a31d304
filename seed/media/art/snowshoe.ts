import { logoMark, RUBBER, RUBBER_DEEP, STEEL_LINE, shadow, WEBBING } from './common.ts';
import { darken, luminance, mix, n, pts, smoothPath, type Tone, tone } from './svg.ts';

export type BindingStyle = 'dial' | 'ratchet' | 'straps3' | 'straps2' | 'one-pull' | 'run';

export interface SnowshoeSpec {
  length: number;
  width: number;
  /** 0..1: how much the tail narrows (women's frames taper more). */
  taper: number;
  /** 0..1: how much straighter the inner side is (running frames are asymmetric). */
  asym: number;
  binding: BindingStyle;
  /** Side traction rails and heel cleat. */
  rails: boolean;
  heelLift: boolean;
  /** Running and composite shoes: the colour is the decking, the frame is dark. */
  colouredDeck: boolean;
}

const RIGHT: ReadonlyArray<readonly [number, number]> = [
  [0.0, -0.5],
  [0.5, -0.478],
  [0.84, -0.415],
  [0.985, -0.3],
  [1.0, -0.13],
  [0.965, 0.04],
  [0.87, 0.2],
  [0.72, 0.335],
  [0.5, 0.445],
  [0.22, 0.497],
];

function outline(spec: SnowshoeSpec): Array<[number, number]> {
  const { length: L, width: W, taper, asym } = spec;
  const half = W / 2;
  const side = (sign: 1 | -1) =>
    RIGHT.map(([fx, fy]): [number, number] => {
      const tail = fy > 0 ? 1 - taper * (fy / 0.5) * 0.38 : 1;
      const inner = sign < 0 && fy > -0.36 ? 1 - asym * 0.28 * Math.min(1, (fy + 0.36) / 0.3) : 1;
      return [sign * fx * half * tail * inner, fy * L];
    });
  const right = side(1);
  const left = side(-1).slice(1).reverse();
  return [...right, ...left];
}

/** Half width of the frame at height y (right side), for rails and rivets. */
function halfWidthAt(spec: SnowshoeSpec, y: number, sign: 1 | -1): number {
  const pts = outline(spec).filter(([x]) => (sign > 0 ? x >= 0 : x <= 0));
  const sorted = [...pts].sort((a, b) => a[1] - b[1]);
  for (let i = 0; i < sorted.length - 1; i++) {
    const [x0, y0] = sorted[i]!;
    const [x1, y1] = sorted[i + 1]!;
    if (y >= y0 && y <= y1) return Math.abs(x0 + ((x1 - x0) * (y - y0)) / (y1 - y0 || 1));
  }
  return 0;
}

function zigzag(points: Array<[number, number]>, amplitude: number, normal: 1 | -1): string {
  const out: Array<[number, number]> = [];
  points.forEach(([x, y], i) => {
    out.push([x + (i % 2 ? normal * amplitude : 0), y]);
  });
  return pts(out);
}

export interface ShoeColours {
  frame: Tone;
  deck: Tone;
  accent: Tone;
}

export function shoeColours(hex: string, spec: SnowshoeSpec): ShoeColours {
  const product = tone(hex);
  const veryDark = luminance(hex) < 0.04;
  if (spec.colouredDeck) {
    return {
      frame: tone(veryDark ? '#8a9097' : '#33373d'),
      deck: product,
      accent: veryDark ? tone('#d8d23a') : product,
    };
  }
  return {
    frame: product,
    deck: tone(veryDark ? '#3a3f46' : mix(hex, '#23262b', 0.86)),
    accent: veryDark ? tone('#4a4f55') : product,
  };
}

/** Binding parts in local coordinates: the footbed centred on (0, by). */
function binding(spec: SnowshoeSpec, c: ShoeColours, id: string): string {
  const { length: L, width: W } = spec;
  const by = -0.075 * L;
  const fl = Math.min(0.36 * L, 520);
  const fw = Math.min(0.5 * W, 250);
  const top = by - fl / 2;
  const bottom = by + fl / 2;
  const footbed = smoothPath([
    [0, top],
    [fw * 0.48, top + fl * 0.06],
    [fw * 0.56, top + fl * 0.28],
    [fw * 0.46, top + fl * 0.62],
    [fw * 0.36, bottom - fl * 0.04],
    [0, bottom],
    [-fw * 0.36, bottom - fl * 0.04],
    [-fw * 0.46, top + fl * 0.62],
    [-fw * 0.56, top + fl * 0.28],
    [-fw * 0.48, top + fl * 0.06],
  ]);
  const parts: string[] = [];
  // Footbed with a tread of small ribs.
  parts.push(`<path d="${footbed}" fill="${RUBBER}" stroke="${RUBBER_DEEP}" stroke-width="6"/>`);
  for (let i = 0; i < 7; i++) {
    const y = top + fl * (0.42 + i * 0.075);
    const hw = fw * (0.38 - i * 0.012);
    parts.push(
      `<path d="M${n(-hw)} ${n(y)}Q0 ${n(y + 10)} ${n(hw)} ${n(y)}" stroke="#3b3e44" stroke-width="7" fill="none" stroke-linecap="round"/>`,
    );
  }
  // Toe cup.
  const cupBottom = top + fl * 0.36;
  parts.push(
    `<path d="M${n(-fw * 0.5)} ${n(cupBottom)}C${n(-fw * 0.62)} ${n(top + fl * 0.05)} ${n(-fw * 0.25)} ${n(top - 18)} 0 ${n(top - 22)}C${n(fw * 0.25)} ${n(top - 18)} ${n(fw * 0.62)} ${n(top + fl * 0.05)} ${n(fw * 0.5)} ${n(cupBottom)}Z" fill="${RUBBER_DEEP}"/>`,
    `<path d="M${n(-fw * 0.38)} ${n(top + fl * 0.16)}C${n(-fw * 0.3)} ${n(top + 4)} ${n(fw * 0.1)} ${n(top - 6)} ${n(fw * 0.3)} ${n(top + fl * 0.08)}" stroke="#4b4f56" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  );
  const strap = (y: number, width: number, span: number, colour: Tone, ratchet: boolean, flip = false) => {
    const x0 = -span / 2;
    const x1 = span / 2;
    const s: string[] = [];
    s.push(
      `<path d="M${n(x0)} ${n(y)}Q0 ${n(y - width * 0.7)} ${n(x1)} ${n(y)}L${n(x1)} ${n(y + width)}Q0 ${n(y + width * 0.3)} ${n(x0)} ${n(y + width)}Z" fill="${colour.base}" stroke="${colour.deep}" stroke-width="5"/>`,
      `<path d="M${n(x0 + 10)} ${n(y + width * 0.22)}Q0 ${n(y - width * 0.45)} ${n(x1 - 10)} ${n(y + width * 0.22)}" stroke="${colour.light}" stroke-width="6" fill="none" opacity="0.7"/>`,
    );
    if (ratchet) {
      for (let i = 1; i < 9; i++) {
        const x = x0 + (span * i) / 9;
        const yy = y + width * 0.5 - Math.cos(((x - x0) / span - 0.5) * Math.PI) * width * 0.35;
        s.push(
          `<line x1="${n(x)}" y1="${n(yy - width * 0.22)}" x2="${n(x)}" y2="${n(yy + width * 0.22)}" stroke="${colour.deep}" stroke-width="5" opacity="0.55"/>`,
        );
      }
    }
    // Buckle on one side and a strap tail.
    const bx = flip ? x0 - 8 : x1 + 8;
    s.push(
      `<rect x="${n(bx - 26)}" y="${n(y - 10)}" width="52" height="${n(width + 20)}" rx="12" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4"/>`,
      `<rect x="${n(bx - 12)}" y="${n(y + 4)}" width="24" height="${n(width - 8)}" rx="6" fill="${darken('#9aa0a6', 0.2)}"/>`,
    );
    const tail = flip ? -1 : 1;
    s.push(
      `<path d="M${n(bx + tail * 22)} ${n(y + width * 0.2)}q${n(tail * 70)} 6 ${n(tail * 95)} ${n(width * 0.9)}l${n(-tail * 8)} ${n(width * 0.5)}q${n(-tail * 30)} -40 ${n(-tail * 87)} ${n(-width * 0.7)}Z" fill="${colour.shade}" stroke="${colour.deep}" stroke-width="4"/>`,
    );
    return s.join('');
  };
  const strapColour = c.accent;
  switch (spec.binding) {
    case 'dial': {
      // Instep cage panel, cables and the dial.
      const py = top + fl * 0.3;
      parts.push(
        `<path d="M${n(-fw * 0.55)} ${n(py)}C${n(-fw * 0.3)} ${n(py - 40)} ${n(fw * 0.3)} ${n(py - 40)} ${n(fw * 0.55)} ${n(py)}L${n(fw * 0.5)} ${n(py + fl * 0.3)}C${n(fw * 0.25)} ${n(py + fl * 0.26)} ${n(-fw * 0.25)} ${n(py + fl * 0.26)} ${n(-fw * 0.5)} ${n(py + fl * 0.3)}Z" fill="${strapColour.base}" stroke="${strapColour.deep}" stroke-width="6"/>`,
        `<path d="M${n(-fw * 0.42)} ${n(py + 12)}C${n(-fw * 0.2)} ${n(py - 16)} ${n(fw * 0.2)} ${n(py - 16)} ${n(fw * 0.42)} ${n(py + 12)}" stroke="${strapColour.light}" stroke-width="8" fill="none" opacity="0.75"/>`,
      );
      for (let i = 0; i < 3; i++) {
        const yy = py + fl * (0.06 + i * 0.08);
        parts.push(
          `<path d="M${n(-fw * 0.5)} ${n(yy + 30)}L0 ${n(yy)}L${n(fw * 0.5)} ${n(yy + 30)}" stroke="#c9ced3" stroke-width="5" fill="none"/>`,
        );
      }
      const dy = py + fl * 0.16;
      const r = Math.min(64, fw * 0.26);
      parts.push(
        `<circle cx="0" cy="${n(dy)}" r="${n(r + 10)}" fill="${RUBBER_DEEP}"/>`,
        `<circle cx="0" cy="${n(dy)}" r="${n(r)}" fill="#33363b" stroke="${strapColour.base}" stroke-width="10"/>`,
      );
      for (let i = 0; i < 16; i++) {
        const a = (i / 16) * Math.PI * 2;
        parts.push(
          `<line x1="${n(Math.cos(a) * r * 0.55)}" y1="${n(dy + Math.sin(a) * r * 0.55)}" x2="${n(Math.cos(a) * r * 0.85)}" y2="${n(dy + Math.sin(a) * r * 0.85)}" stroke="#55595f" stroke-width="5"/>`,
        );
      }
      parts.push(
        `<circle cx="${n(-r * 0.25)}" cy="${n(dy - r * 0.25)}" r="${n(r * 0.22)}" fill="#ffffff" opacity="0.18"/>`,
      );
      break;
    }
    case 'ratchet':
      parts.push(strap(top + fl * 0.14, 46, fw * 1.02, strapColour, true));
      parts.push(strap(top + fl * 0.32, 50, fw * 1.1, strapColour, true, true));
      parts.push(strap(top + fl * 0.5, 46, fw * 1.0, strapColour, true));
      break;
    case 'straps3':
      parts.push(strap(top + fl * 0.15, 40, fw * 1.0, strapColour, false));
      parts.push(strap(top + fl * 0.32, 40, fw * 1.05, strapColour, false, true));
      parts.push(strap(top + fl * 0.49, 40, fw * 0.98, strapColour, false));
      break;
    case 'straps2':
      parts.push(strap(top + fl * 0.18, 48, fw * 1.04, strapColour, false));
      parts.push(strap(top + fl * 0.42, 48, fw * 1.02, strapColour, false, true));
      break;
    case 'one-pull':
      parts.push(strap(top + fl * 0.2, 70, fw * 1.1, strapColour, false));
      parts.push(
        `<rect x="${n(fw * 0.55)}" y="${n(top + fl * 0.2 + 80)}" width="60" height="44" rx="18" fill="${strapColour.deep}"/>`,
      );
      break;
    case 'run': {
      const py = top + fl * 0.08;
      parts.push(
        `<path d="M${n(-fw * 0.56)} ${n(py + fl * 0.34)}C${n(-fw * 0.6)} ${n(py)} ${n(fw * 0.6)} ${n(py)} ${n(fw * 0.56)} ${n(py + fl * 0.34)}C${n(fw * 0.2)} ${n(py + fl * 0.26)} ${n(-fw * 0.2)} ${n(py + fl * 0.26)} ${n(-fw * 0.56)} ${n(py + fl * 0.34)}Z" fill="${strapColour.base}" stroke="${strapColour.deep}" stroke-width="6"/>`,
      );
      // Mesh.
      for (let i = 0; i < 6; i++) {
        const x = -fw * 0.4 + i * fw * 0.16;
        parts.push(
          `<line x1="${n(x)}" y1="${n(py + fl * 0.08)}" x2="${n(x + 18)}" y2="${n(py + fl * 0.28)}" stroke="${strapColour.deep}" stroke-width="4" opacity="0.5"/>`,
        );
      }
      parts.push(strap(top + fl * 0.47, 36, fw * 0.95, tone('#2b2e33'), true));
      break;
    }
  }
  // Heel strap.
  const hy = bottom - fl * 0.12;
  parts.push(
    `<path d="M${n(-fw * 0.42)} ${n(hy - 30)}C${n(-fw * 0.46)} ${n(bottom + 38)} ${n(fw * 0.46)} ${n(bottom + 38)} ${n(fw * 0.42)} ${n(hy - 30)}" stroke="${WEBBING}" stroke-width="34" fill="none" stroke-linecap="round"/>`,
    `<path d="M${n(-fw * 0.42)} ${n(hy - 30)}C${n(-fw * 0.46)} ${n(bottom + 38)} ${n(fw * 0.46)} ${n(bottom + 38)} ${n(fw * 0.42)} ${n(hy - 30)}" stroke="${strapColour.base}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
    `<rect x="${n(fw * 0.3)}" y="${n(hy - 2)}" width="44" height="34" rx="8" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4"/>`,
  );
  void id;
  return parts.join('');
}

/** One snowshoe seen from above, toe up, centred on the origin. */
export function snowshoeTop(spec: SnowshoeSpec, hex: string, id: string): { defs: string[]; body: string } {
  const { length: L, width: W } = spec;
  const c = shoeColours(hex, spec);
  const shape = outline(spec);
  const d = smoothPath(shape);
  const sw = Math.max(20, W * 0.058);
  const defs = [
    `<linearGradient id="deck-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.deck.light}"/><stop offset="0.45" stop-color="${c.deck.base}"/><stop offset="1" stop-color="${c.deck.shade}"/></linearGradient>`,
    `<clipPath id="clip-${id}"><path d="${d}"/></clipPath>`,
  ];
  const body: string[] = [];
  body.push(`<path d="${d}" fill="url(#deck-${id})"/>`);
  // Decking seams and a texture of fine diagonal weave, clipped to the deck.
  const weave: string[] = [];
  for (let i = -20; i < 40; i++) {
    const x = -W + i * 38;
    weave.push(`M${n(x)} ${n(-L / 2)}l${n(L * 0.6)} ${n(L)}`);
  }
  body.push(
    `<g clip-path="url(#clip-${id})"><path d="${weave.join('')}" stroke="#ffffff" stroke-opacity="0.035" stroke-width="10"/>` +
      `<path d="${smoothPath(shape.map(([x, y]) => [x * 0.84, y * 0.9 + 8]))}" fill="none" stroke="${c.deck.deep}" stroke-opacity="0.5" stroke-width="5" stroke-dasharray="16 12"/></g>`,
  );
  // Crampon window: the floor shows through, with the toe crampon plate and its teeth.
  const wy = -0.2 * L;
  const ww = W * 0.5;
  const wh = L * 0.16;
  body.push(
    `<rect x="${n(-ww / 2)}" y="${n(wy - wh / 2)}" width="${n(ww)}" height="${n(wh)}" rx="${n(ww * 0.28)}" fill="#d9d5cd" stroke="${c.deck.deep}" stroke-width="8"/>`,
    `<rect x="${n(-ww / 2 + 8)}" y="${n(wy - wh / 2 + 8)}" width="${n(ww - 16)}" height="${n(wh * 0.35)}" rx="${n(ww * 0.2)}" fill="#000" opacity="0.12"/>`,
  );
  const teeth: Array<[number, number]> = [];
  const tw = ww * 0.78;
  const ty = wy - wh * 0.32;
  for (let i = 0; i <= 8; i++) {
    teeth.push([-tw / 2 + (tw * i) / 8, ty + (i % 2 ? -34 : 0)]);
  }
  body.push(
    `<polygon points="${pts([...teeth, [tw / 2, ty + 46], [tw * 0.42, wy + wh * 0.18], [-tw * 0.42, wy + wh * 0.18], [-tw / 2, ty + 46]])}" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="5" stroke-linejoin="round"/>`,
  );
  // Side rails and heel cleat.
  if (spec.rails) {
    for (const sign of [1, -1] as const) {
      const line: Array<[number, number]> = [];
      for (let y = -0.08 * L; y <= 0.3 * L; y += 22) {
        line.push([sign * (halfWidthAt(spec, y, sign) - sw * 1.6), y]);
      }
      body.push(
        `<polyline points="${zigzag(line, 12, sign === 1 ? 1 : -1)}" fill="none" stroke="#4d5259" stroke-width="9" stroke-linejoin="miter"/>`,
        `<polyline points="${pts(line)}" fill="none" stroke="#4d5259" stroke-width="20" stroke-linecap="round"/>`,
        `<polyline points="${pts(line)}" fill="none" stroke="url(#steelV)" stroke-width="12" stroke-linecap="round"/>`,
      );
    }
    const hy = 0.2 * L;
    const hw = halfWidthAt(spec, hy, 1) * 0.62;
    const cleat: Array<[number, number]> = [];
    for (let i = 0; i <= 10; i++) {
      const x = -hw + (2 * hw * i) / 10;
      cleat.push([x, hy + Math.abs(x) * 0.35 + (i % 2 ? 26 : 0)]);
    }
    body.push(
      `<polyline points="${pts(cleat)}" fill="none" stroke="#4d5259" stroke-width="20" stroke-linejoin="round"/>`,
      `<polyline points="${pts(cleat)}" fill="none" stroke="url(#steel)" stroke-width="12" stroke-linejoin="round"/>`,
    );
  }
  // Heel lift bar (flipped down), below the heel.
  if (spec.heelLift) {
    const ly = 0.13 * L;
    const lw = W * 0.2;
    body.push(
      `<path d="M${n(-lw)} ${n(ly - 40)}L${n(-lw)} ${n(ly)}Q${n(-lw)} ${n(ly + 30)} ${n(-lw + 30)} ${n(ly + 30)}L${n(lw - 30)} ${n(ly + 30)}Q${n(lw)} ${n(ly + 30)} ${n(lw)} ${n(ly)}L${n(lw)} ${n(ly - 40)}" fill="none" stroke="#5d6269" stroke-width="22" stroke-linecap="round"/>`,
      `<path d="M${n(-lw)} ${n(ly - 40)}L${n(-lw)} ${n(ly)}Q${n(-lw)} ${n(ly + 30)} ${n(-lw + 30)} ${n(ly + 30)}L${n(lw - 30)} ${n(ly + 30)}Q${n(lw)} ${n(ly + 30)} ${n(lw)} ${n(ly)}L${n(lw)} ${n(ly - 40)}" fill="none" stroke="url(#steel)" stroke-width="13" stroke-linecap="round"/>`,
    );
  }
  // Brand mark on the tail.
  const my = 0.37 * L;
  const mw = halfWidthAt(spec, my, 1) * 0.8;
  const markColour = luminance(c.deck.base) > 0.45 ? darken(c.deck.base, 0.55) : '#f4f2ee';
  body.push(logoMark(0, my, Math.min(mw, 150), markColour, 11));
  body.push(
    `<rect x="${n(-mw * 0.55)}" y="${n(my + 58)}" width="${n(mw * 1.1)}" height="12" rx="6" fill="${c.accent.base}" opacity="0.9"/>`,
  );
  // Frame tube: outline, colour, a highlight, then rivets on top.
  body.push(
    `<path d="${d}" fill="none" stroke="${c.frame.deep}" stroke-width="${n(sw + 9)}" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="none" stroke="${c.frame.base}" stroke-width="${n(sw)}" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="none" stroke="${c.frame.light}" stroke-width="${n(sw * 0.28)}" stroke-linejoin="round" transform="translate(${n(-sw * 0.2)} ${n(-sw * 0.2)})" opacity="0.85"/>`,
  );
  for (const [x, y] of shape) {
    const ix = x * 0.9;
    const iy = y * 0.95;
    body.push(
      `<circle cx="${n(ix)}" cy="${n(iy)}" r="7" fill="#c9cdd2" stroke="${STEEL_LINE}" stroke-width="3"/>`,
    );
  }
  body.push(binding(spec, c, id));
  return { defs, body: body.join('') };
}

/** One snowshoe in profile, toe to the right, centred on the origin. */
export function snowshoeSide(spec: SnowshoeSpec, hex: string): string {
  const c = shoeColours(hex, spec);
  const len = spec.length * 0.95;
  const x0 = -len / 2;
  const x1 = len / 2;
  const parts: string[] = [];
  parts.push(shadow(0, 120, len * 0.55, 60, 0.9));
  // Rails and cleats below the frame.
  if (spec.rails) {
    const rail: Array<[number, number]> = [];
    for (let x = -len * 0.28; x <= len * 0.16; x += 24) rail.push([x, 30 + (rail.length % 2 ? 24 : 0)]);
    parts.push(
      `<polyline points="${pts(rail)}" fill="none" stroke="url(#steel)" stroke-width="10" stroke-linejoin="round"/>`,
    );
    const cleat: Array<[number, number]> = [];
    for (let i = 0; i < 7; i++) cleat.push([-len * 0.3 + i * 22, i % 2 ? 78 : 22]);
    parts.push(
      `<polyline points="${pts(cleat)}" fill="#b9bec4" stroke="${STEEL_LINE}" stroke-width="5" stroke-linejoin="round"/>`,
    );
  }
  // Toe crampon teeth under the pivot.
  const crampon: Array<[number, number]> = [[len * 0.02, 14]];
  for (let i = 0; i < 9; i++) crampon.push([len * 0.02 + i * 26, i % 2 ? 96 : 24]);
  crampon.push([len * 0.02 + 8 * 26, 14]);
  parts.push(
    `<polygon points="${pts(crampon)}" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="5" stroke-linejoin="round"/>`,
  );
  // Frame tube with the toe curl.
  const frame = `M${n(x0)} 0L${n(x1 - 210)} 0C${n(x1 - 90)} 0 ${n(x1 - 20)} -40 ${n(x1)} -130`;
  parts.push(
    `<path d="${frame}" fill="none" stroke="${c.deck.deep}" stroke-width="52" stroke-linecap="round"/>`,
    `<path d="${frame}" fill="none" stroke="${c.frame.deep}" stroke-width="36" stroke-linecap="round"/>`,
    `<path d="${frame}" fill="none" stroke="${c.frame.base}" stroke-width="28" stroke-linecap="round"/>`,
    `<path d="${frame}" fill="none" stroke="${c.frame.light}" stroke-width="8" stroke-linecap="round" transform="translate(0 -7)"/>`,
  );
  // Heel lift, flipped up.
  if (spec.heelLift) {
    parts.push(
      `<path d="M${n(-len * 0.2)} -10L${n(-len * 0.2 + 50)} -150" stroke="#5d6269" stroke-width="22" stroke-linecap="round"/>`,
      `<path d="M${n(-len * 0.2)} -10L${n(-len * 0.2 + 50)} -150" stroke="url(#steelV)" stroke-width="13" stroke-linecap="round"/>`,
    );
  }
  // Binding: pivot, footbed, toe cup, straps, heel strap.
  const fx0 = -len * 0.2;
  const fx1 = len * 0.17;
  parts.push(
    `<circle cx="${n(len * 0.09)}" cy="-22" r="22" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="5"/>`,
    `<path d="M${n(fx0)} -52L${n(fx1)} -52Q${n(fx1 + 30)} -52 ${n(fx1 + 30)} -30L${n(fx1 + 30)} -22L${n(fx0)} -22Z" fill="${RUBBER}" stroke="${RUBBER_DEEP}" stroke-width="6"/>`,
    `<path d="M${n(fx1 - 120)} -52C${n(fx1 - 110)} -170 ${n(fx1 + 10)} -175 ${n(fx1 + 40)} -58Z" fill="${RUBBER_DEEP}"/>`,
  );
  const accent = c.accent;
  const straps = spec.binding === 'dial' ? 1 : spec.binding === 'straps2' || spec.binding === 'run' ? 2 : 3;
  for (let i = 0; i < straps; i++) {
    const sx = fx1 - 60 - i * 70;
    parts.push(
      `<path d="M${n(sx - 30)} -52L${n(sx - 10)} ${n(-190 + i * 10)}L${n(sx + 28)} ${n(-186 + i * 10)}L${n(sx + 22)} -52Z" fill="${accent.base}" stroke="${accent.deep}" stroke-width="5"/>`,
    );
  }
  if (spec.binding === 'dial') {
    parts.push(
      `<circle cx="${n(fx1 - 150)}" cy="-178" r="44" fill="#33363b" stroke="${accent.base}" stroke-width="9"/>`,
      `<circle cx="${n(fx1 - 150)}" cy="-178" r="18" fill="#55595f"/>`,
    );
  }
  parts.push(
    `<path d="M${n(fx0 + 20)} -52C${n(fx0 - 10)} -150 ${n(fx0 + 40)} -215 ${n(fx0 + 120)} -210" fill="none" stroke="${WEBBING}" stroke-width="30" stroke-linecap="round"/>`,
    `<path d="M${n(fx0 + 20)} -52C${n(fx0 - 10)} -150 ${n(fx0 + 40)} -215 ${n(fx0 + 120)} -210" fill="none" stroke="${accent.base}" stroke-width="9" stroke-linecap="round"/>`,
  );
  return parts.join('');
}
