import { logoMark, RUBBER, RUBBER_DEEP, STEEL_LINE, shadow, TILE_H, TILE_W, WEBBING } from './common.ts';
import { darken, lighten, luminance, mix, n, pts, smoothPath, type Tone, tone } from './svg.ts';

export interface Art {
  defs: string[];
  body: string;
  focus: { x: number; y: number; scale: number };
  poi: { x: number; y: number; w: number; h: number };
}

const CX = TILE_W / 2;
const CY = TILE_H / 2;

/** An accent that reads on the product colour (light on dark, dark on light). */
function contrast(hex: string): string {
  return luminance(hex) > 0.35 ? darken(hex, 0.65) : lighten(hex, 0.85);
}

function stitch(d: string, colour: string, width = 4): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="14 10" stroke-linecap="round" opacity="0.8"/>`;
}

function fabricDefs(id: string, t: Tone): string[] {
  return [
    `<linearGradient id="fab-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${t.light}"/><stop offset="0.35" stop-color="${t.base}"/><stop offset="1" stop-color="${t.shade}"/></linearGradient>`,
  ];
}

// ---------------------------------------------------------------- poles

function pole(t: Tone, length: number, carbon: boolean, probe: boolean, id: string): string {
  const p: string[] = [];
  const gripH = length * 0.15;
  const foamH = length * 0.09;
  const s1 = length * 0.36;
  const s2 = length * 0.27;
  const s3 = length - gripH - foamH - s1 - s2 - 40;
  let y = 0;
  // Strap loop.
  p.push(
    `<path d="M-8 26C-150 30 -190 170 -110 260C-70 300 -30 250 -12 120" fill="none" stroke="${t.deep}" stroke-width="40" stroke-linecap="round"/>`,
    `<path d="M-8 26C-150 30 -190 170 -110 260C-70 300 -30 250 -12 120" fill="none" stroke="${t.base}" stroke-width="30" stroke-linecap="round"/>`,
    stitch('M-30 40C-140 50 -170 170 -105 240', lighten(t.base, 0.6), 3),
  );
  // Grip.
  const gripFill = carbon ? '#b88a5a' : RUBBER;
  p.push(
    `<path d="M-40 10Q-46 -16 0 -20Q46 -16 40 10L44 ${n(gripH - 20)}Q44 ${n(gripH)} 30 ${n(gripH)}L-30 ${n(gripH)}Q-44 ${n(gripH)} -44 ${n(gripH - 20)}Z" fill="${gripFill}" stroke="${RUBBER_DEEP}" stroke-width="5"/>`,
    `<rect x="-44" y="-14" width="88" height="34" rx="16" fill="${t.base}" stroke="${t.deep}" stroke-width="5"/>`,
  );
  for (let i = 1; i < 6; i++) {
    const gy = (gripH * i) / 6 + 8;
    p.push(
      `<path d="M-42 ${n(gy)}Q0 ${n(gy + 8)} 42 ${n(gy)}" stroke="${carbon ? '#8e6441' : '#17181b'}" stroke-width="6" fill="none" opacity="0.7"/>`,
    );
  }
  if (carbon) {
    for (let i = 0; i < 40; i++) {
      const gx = ((i * 37) % 70) - 35;
      const gy = 20 + ((i * 53) % (gripH - 40));
      p.push(`<circle cx="${gx}" cy="${n(gy)}" r="3" fill="#7a5535" opacity="0.6"/>`);
    }
  }
  p.push(`<rect x="-26" y="-4" width="16" height="${n(gripH - 10)}" rx="8" fill="#ffffff" opacity="0.12"/>`);
  y = gripH;
  // Foam extension.
  p.push(
    `<rect x="-26" y="${n(y)}" width="52" height="${n(foamH)}" rx="12" fill="#303338" stroke="${RUBBER_DEEP}" stroke-width="4"/>`,
  );
  y += foamH;
  const section = (width: number, h: number, fill: string, edge: string, hi: string) => {
    p.push(
      `<rect x="${n(-width / 2)}" y="${n(y)}" width="${n(width)}" height="${n(h)}" fill="${fill}" stroke="${edge}" stroke-width="4"/>`,
      `<rect x="${n(-width / 2 + width * 0.18)}" y="${n(y)}" width="${n(width * 0.2)}" height="${n(h)}" fill="${hi}" opacity="0.55"/>`,
    );
  };
  const lock = () => {
    p.push(
      `<rect x="-30" y="${n(y - 16)}" width="60" height="44" rx="10" fill="${t.deep}"/>`,
      `<path d="M26 ${n(y - 12)}Q52 ${n(y + 6)} 28 ${n(y + 26)}" fill="${t.base}" stroke="${t.deep}" stroke-width="5"/>`,
      `<circle cx="22" cy="${n(y + 6)}" r="6" fill="#c9cdd2"/>`,
    );
  };
  section(36, s1, carbon ? '#25272b' : t.base, carbon ? '#111' : t.deep, carbon ? '#5d6168' : t.light);
  if (!carbon) {
    p.push(logoMark(0, y + s1 * 0.3, 26, contrast(t.base), 4));
  } else {
    p.push(`<rect x="-18" y="${n(y + s1 * 0.25)}" width="36" height="60" fill="${t.base}"/>`);
  }
  y += s1;
  lock();
  section(30, s2, '#4a4f55', '#2b2f35', '#8a9097');
  y += s2;
  lock();
  section(24, s3, '#b9bec4', STEEL_LINE, '#eef0f2');
  if (probe) {
    for (let i = 1; i < 12; i++) {
      p.push(
        `<line x1="-12" y1="${n(y + (s3 * i) / 12)}" x2="${i % 2 ? 0 : 12}" y2="${n(y + (s3 * i) / 12)}" stroke="#2b2f35" stroke-width="3"/>`,
      );
    }
  }
  // Basket and tip.
  const by = y + s3 - 70;
  p.push(
    `<ellipse cx="0" cy="${n(by)}" rx="118" ry="36" fill="${RUBBER}" opacity="0.92" stroke="${RUBBER_DEEP}" stroke-width="6"/>`,
    `<ellipse cx="0" cy="${n(by - 4)}" rx="88" ry="24" fill="none" stroke="#45484e" stroke-width="6"/>`,
  );
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI;
    p.push(
      `<line x1="0" y1="${n(by)}" x2="${n(Math.cos(a) * 112)}" y2="${n(by + Math.sin(a) * 32)}" stroke="#4b4f56" stroke-width="5"/>`,
    );
  }
  p.push(`<rect x="-16" y="${n(by - 20)}" width="32" height="28" rx="6" fill="${t.base}"/>`);
  y += s3;
  p.push(`<path d="M-12 ${n(y)}L12 ${n(y)}L0 ${n(y + 44)}Z" fill="#3a3d42"/>`);
  void id;
  return p.join('');
}

function basket(t: Tone, r: number): string {
  const p: string[] = [
    `<circle r="${r}" fill="${RUBBER}" stroke="${RUBBER_DEEP}" stroke-width="8"/>`,
    `<circle r="${r * 0.78}" fill="none" stroke="${t.base}" stroke-width="${r * 0.08}"/>`,
    `<circle r="${r * 0.18}" fill="${t.base}" stroke="${t.deep}" stroke-width="6"/>`,
    `<circle r="${r * 0.08}" fill="#17181b"/>`,
  ];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    p.push(
      `<line x1="${n(Math.cos(a) * r * 0.2)}" y1="${n(Math.sin(a) * r * 0.2)}" x2="${n(Math.cos(a) * r * 0.95)}" y2="${n(Math.sin(a) * r * 0.95)}" stroke="#45484e" stroke-width="${n(r * 0.06)}" stroke-linecap="round"/>`,
    );
  }
  p.push(
    `<path d="M${n(-r * 0.7)} ${n(-r * 0.5)}A${r} ${r} 0 0 1 ${n(r * 0.2)} ${n(-r * 0.85)}" fill="none" stroke="#ffffff" stroke-opacity="0.15" stroke-width="14"/>`,
  );
  return p.join('');
}

export function drawPole(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const carbon = slug.includes('carbon') || slug.includes('fold');
  if (slug.includes('basket')) {
    const body = [
      shadow(CX - 170, CY - 160, 330, 330, 0.7),
      shadow(CX + 190, CY + 300, 330, 330, 0.7),
      `<g transform="translate(${CX - 190} ${CY - 200})">${basket(t, 300)}</g>`,
      `<g transform="translate(${CX + 170} ${CY + 260}) rotate(20)">${basket(t, 300)}</g>`,
    ].join('');
    return {
      defs: [],
      body: view === 'side' ? `<g transform="rotate(-30 ${CX} ${CY})">${body}</g>` : body,
      focus: { x: CX - 190, y: CY - 200, scale: 1.8 },
      poi: { x: 0.1, y: 0.2, w: 0.8, h: 0.6 },
    };
  }
  const kids = slug.includes('kids');
  const length = kids ? 1350 : 1780;
  const probe = slug.includes('probe');
  const top = (TILE_H - length) / 2 + 10;
  if (view === 'side') {
    return {
      defs: [],
      body: [
        shadow(CX + 40, CY + 60, length * 0.55, 90, 0.6, -38),
        `<g transform="translate(${CX - length * 0.38} ${CY - length * 0.28}) rotate(-52)">${pole(t, length, carbon, probe, 'a')}</g>`,
      ].join(''),
      focus: { x: CX - length * 0.3, y: CY - length * 0.25, scale: 1.8 },
      poi: { x: 0.1, y: 0.2, w: 0.8, h: 0.6 },
    };
  }
  return {
    defs: [],
    body: [
      shadow(CX + 20, top + length - 20, 420, 70, 0.8),
      `<g transform="translate(${CX - 150} ${top}) rotate(3)">${pole(t, length, carbon, probe, 'l')}</g>`,
      `<g transform="translate(${CX + 170} ${top + 20}) rotate(-3)">${pole(t, length, carbon, probe, 'r')}</g>`,
    ].join(''),
    focus: { x: CX + 150, y: top + 200, scale: 2.4 },
    poi: { x: 0.3, y: top / TILE_H, w: 0.4, h: length / TILE_H },
  };
}

// ---------------------------------------------------------------- binding kits

function strapBand(x: number, y: number, w: number, h: number, t: Tone, ratchet: boolean): string {
  const p = [
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" fill="${t.base}" stroke="${t.deep}" stroke-width="5"/>`,
    `<rect x="${n(x + 14)}" y="${n(y + h * 0.18)}" width="${n(w - 28)}" height="${n(h * 0.16)}" rx="4" fill="${t.light}" opacity="0.6"/>`,
  ];
  if (ratchet) {
    for (let i = 1; i < Math.floor(w / 26); i++) {
      p.push(
        `<line x1="${n(x + i * 26)}" y1="${n(y + h * 0.45)}" x2="${n(x + i * 26)}" y2="${n(y + h * 0.85)}" stroke="${t.deep}" stroke-width="5" opacity="0.6"/>`,
      );
    }
  }
  p.push(
    `<rect x="${n(x + w - 70)}" y="${n(y - 12)}" width="76" height="${n(h + 24)}" rx="14" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4"/>`,
    `<rect x="${n(x + w - 52)}" y="${n(y + 6)}" width="40" height="${n(h - 12)}" rx="8" fill="#80868d"/>`,
  );
  return p.join('');
}

export function drawBinding(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(luminance(hex) < 0.04 ? '#3a3f46' : hex);
  const body: string[] = [];
  if (slug.includes('strap')) {
    for (let i = 0; i < 4; i++) {
      const y = 620 + i * 260;
      body.push(shadow(CX + 20, y + 70, 560, 70, 0.6));
      body.push(strapBand(CX - 520 + (i % 2) * 60, y, 980, 84, tone(i % 2 ? '#2b2e33' : hex), true));
    }
    const inner = body.join('');
    return {
      defs: [],
      body: view === 'side' ? `<g transform="rotate(-20 ${CX} ${CY})">${inner}</g>` : inner,
      focus: { x: CX + 380, y: 700, scale: 2 },
      poi: { x: 0.1, y: 0.25, w: 0.8, h: 0.55 },
    };
  }
  if (slug.includes('heel-lift')) {
    const bar = `M-330 -40L-330 120Q-330 260 -190 260L190 260Q330 260 330 120L330 -40`;
    body.push(
      shadow(CX + 30, CY + 260, 520, 140, 0.7),
      `<g transform="translate(${CX} ${CY - 100})">`,
      `<path d="${bar}" fill="none" stroke="#4d5259" stroke-width="74" stroke-linecap="round"/>`,
      `<path d="${bar}" fill="none" stroke="url(#steelV)" stroke-width="56" stroke-linecap="round"/>`,
      `<path d="${bar}" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="10" transform="translate(-10 -8)"/>`,
    );
    for (const sx of [-1, 1]) {
      body.push(
        `<rect x="${sx * 330 - 90}" y="-190" width="180" height="170" rx="26" fill="${t.base}" stroke="${t.deep}" stroke-width="8"/>`,
        `<circle cx="${sx * 330 - 40}" cy="-105" r="20" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4"/>`,
        `<circle cx="${sx * 330 + 40}" cy="-105" r="20" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4"/>`,
      );
    }
    body.push('</g>');
    for (let i = 0; i < 4; i++) {
      body.push(
        `<g transform="translate(${CX - 240 + i * 160} ${CY + 480}) rotate(${20 + i * 25})"><rect x="-10" y="-60" width="20" height="110" rx="4" fill="url(#steelV)" stroke="${STEEL_LINE}" stroke-width="3"/><rect x="-24" y="-70" width="48" height="22" rx="6" fill="#8a9097"/></g>`,
      );
    }
    const inner = body.join('');
    return {
      defs: [],
      body: view === 'side' ? `<g transform="rotate(25 ${CX} ${CY})">${inner}</g>` : inner,
      focus: { x: CX - 330, y: CY - 200, scale: 2 },
      poi: { x: 0.15, y: 0.3, w: 0.7, h: 0.5 },
    };
  }
  // A complete binding: crampon plate, footbed, straps or dial, heel strap.
  const dial = slug.includes('dial');
  const run = slug.includes('run');
  const fw = run ? 380 : 440;
  const fl = 1180;
  const top = CY - fl / 2;
  body.push(shadow(CX + 30, CY + 60, fw * 0.9, fl * 0.58, 0.8));
  // Crampon teeth below the toe.
  const teeth: Array<[number, number]> = [];
  for (let i = 0; i <= 10; i++)
    teeth.push([CX - fw * 0.55 + (fw * 1.1 * i) / 10, top + 150 + (i % 2 ? -70 : 0)]);
  body.push(
    `<polygon points="${pts([...teeth, [CX + fw * 0.55, top + 380], [CX - fw * 0.55, top + 380]])}" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="6" stroke-linejoin="round"/>`,
  );
  for (const sx of [-1, 1])
    body.push(`<circle cx="${CX + sx * fw * 0.4}" cy="${top + 330}" r="16" fill="#6b7077"/>`);
  const footbed = smoothPath([
    [CX, top + 120],
    [CX + fw * 0.5, top + 170],
    [CX + fw * 0.56, top + fl * 0.35],
    [CX + fw * 0.46, top + fl * 0.7],
    [CX + fw * 0.36, top + fl - 40],
    [CX, top + fl],
    [CX - fw * 0.36, top + fl - 40],
    [CX - fw * 0.46, top + fl * 0.7],
    [CX - fw * 0.56, top + fl * 0.35],
    [CX - fw * 0.5, top + 170],
  ]);
  body.push(`<path d="${footbed}" fill="${RUBBER}" stroke="${RUBBER_DEEP}" stroke-width="8"/>`);
  for (let i = 0; i < 8; i++) {
    const y = top + fl * (0.5 + i * 0.055);
    body.push(
      `<path d="M${CX - fw * 0.36} ${n(y)}Q${CX} ${n(y + 16)} ${CX + fw * 0.36} ${n(y)}" stroke="#3b3e44" stroke-width="10" fill="none" stroke-linecap="round"/>`,
    );
  }
  body.push(
    `<path d="M${CX - fw * 0.5} ${top + 420}C${CX - fw * 0.62} ${top + 160} ${CX - fw * 0.25} ${top + 80} ${CX} ${top + 76}C${CX + fw * 0.25} ${top + 80} ${CX + fw * 0.62} ${top + 160} ${CX + fw * 0.5} ${top + 420}Z" fill="${RUBBER_DEEP}"/>`,
  );
  if (dial) {
    const py = top + 380;
    body.push(
      `<path d="M${CX - fw * 0.6} ${py}C${CX - fw * 0.3} ${py - 60} ${CX + fw * 0.3} ${py - 60} ${CX + fw * 0.6} ${py}L${CX + fw * 0.54} ${py + 300}C${CX + fw * 0.25} ${py + 270} ${CX - fw * 0.25} ${py + 270} ${CX - fw * 0.54} ${py + 300}Z" fill="${t.base}" stroke="${t.deep}" stroke-width="8"/>`,
    );
    for (let i = 0; i < 3; i++) {
      body.push(
        `<path d="M${CX - fw * 0.52} ${py + 90 + i * 70}L${CX} ${py + 40 + i * 70}L${CX + fw * 0.52} ${py + 90 + i * 70}" stroke="#d4d8dc" stroke-width="7" fill="none"/>`,
      );
    }
    body.push(
      `<circle cx="${CX}" cy="${py + 150}" r="112" fill="${RUBBER_DEEP}"/>`,
      `<circle cx="${CX}" cy="${py + 150}" r="96" fill="#33363b" stroke="${t.base}" stroke-width="14"/>`,
    );
    for (let i = 0; i < 20; i++) {
      const a = (i / 20) * Math.PI * 2;
      body.push(
        `<line x1="${n(CX + Math.cos(a) * 52)}" y1="${n(py + 150 + Math.sin(a) * 52)}" x2="${n(CX + Math.cos(a) * 82)}" y2="${n(py + 150 + Math.sin(a) * 82)}" stroke="#55595f" stroke-width="7"/>`,
      );
    }
  } else {
    const rows = run ? [top + 300, top + 560] : [top + 260, top + 430, top + 600];
    rows.forEach((y, i) => {
      body.push(strapBand(CX - fw * 0.62 + (i % 2) * 20, y, fw * 1.3, run && i === 0 ? 130 : 84, t, true));
    });
  }
  const hy = top + fl - 170;
  body.push(
    `<path d="M${CX - fw * 0.44} ${hy - 40}C${CX - fw * 0.5} ${top + fl + 90} ${CX + fw * 0.5} ${top + fl + 90} ${CX + fw * 0.44} ${hy - 40}" stroke="${WEBBING}" stroke-width="56" fill="none" stroke-linecap="round"/>`,
    `<path d="M${CX - fw * 0.44} ${hy - 40}C${CX - fw * 0.5} ${top + fl + 90} ${CX + fw * 0.5} ${top + fl + 90} ${CX + fw * 0.44} ${hy - 40}" stroke="${t.base}" stroke-width="16" fill="none" stroke-linecap="round"/>`,
    `<rect x="${CX + fw * 0.3}" y="${hy}" width="70" height="54" rx="12" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="5"/>`,
    logoMark(CX, top + fl * 0.84, 90, '#d8dadd', 9),
  );
  const inner = body.join('');
  return {
    defs: [],
    body: view === 'side' ? `<g transform="rotate(-28 ${CX} ${CY}) scale(1) ">${inner}</g>` : inner,
    focus: { x: CX, y: top + 400, scale: 2 },
    poi: { x: 0.2, y: 0.18, w: 0.6, h: 0.64 },
  };
}

// ---------------------------------------------------------------- gaiters

function gaiter(t: Tone, h: number, kids: boolean, id: string): string {
  const w = 420;
  const p: string[] = [];
  const shape = `M${-w / 2} 0C${-w / 2 + 10} ${h * 0.3} ${-w * 0.42} ${h * 0.6} ${-w * 0.44} ${h * 0.72}C${-w * 0.62} ${h * 0.82} ${-w * 0.66} ${h * 0.95} ${-w * 0.6} ${h}L${-w * 0.2} ${h}Q0 ${h * 0.9} ${w * 0.2} ${h}L${w * 0.6} ${h}C${w * 0.66} ${h * 0.95} ${w * 0.62} ${h * 0.82} ${w * 0.44} ${h * 0.72}C${w * 0.42} ${h * 0.6} ${w / 2 - 10} ${h * 0.3} ${w / 2} 0Q0 30 ${-w / 2} 0Z`;
  p.push(`<path d="${shape}" fill="url(#fab-${id})" stroke="${t.deep}" stroke-width="6"/>`);
  // Reinforced lower panel.
  p.push(
    `<clipPath id="gclip-${id}"><path d="${shape}"/></clipPath>`,
    `<g clip-path="url(#gclip-${id})"><path d="M${-w} ${h * 0.66}Q0 ${h * 0.6} ${w} ${h * 0.66}L${w} ${h + 10}L${-w} ${h + 10}Z" fill="${darken(t.base, 0.55)}"/>`,
    `<path d="M${-w} ${h * 0.66}Q0 ${h * 0.6} ${w} ${h * 0.66}" stroke="${t.light}" stroke-width="5" fill="none" stroke-dasharray="14 10"/></g>`,
  );
  // Top cuff with drawcord and cord lock.
  p.push(
    `<path d="M${-w / 2} 0Q0 30 ${w / 2} 0L${w / 2 - 4} 60Q0 88 ${-w / 2 + 4} 60Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="5"/>`,
    `<path d="M${w * 0.3} 50q40 60 10 130" stroke="#2b2e33" stroke-width="8" fill="none"/>`,
    `<rect x="${w * 0.3 - 4}" y="150" width="34" height="50" rx="12" fill="#2b2e33"/>`,
  );
  // Front zip under a storm flap with hook-and-loop tabs.
  const zipLen = h * (kids ? 0.55 : 0.62);
  p.push(
    `<line x1="0" y1="70" x2="0" y2="${n(zipLen)}" stroke="#3a3d42" stroke-width="16"/>`,
    `<line x1="0" y1="70" x2="0" y2="${n(zipLen)}" stroke="#9aa0a6" stroke-width="6" stroke-dasharray="5 5"/>`,
    `<path d="M6 64L66 64L62 ${n(zipLen + 10)}L6 ${n(zipLen + 10)}Z" fill="${t.base}" stroke="${t.deep}" stroke-width="5"/>`,
  );
  for (let y = 130; y < zipLen; y += kids ? 140 : 200) {
    p.push(`<rect x="16" y="${y}" width="40" height="50" rx="8" fill="${t.shade}" opacity="0.9"/>`);
  }
  // Lace hook and instep strap.
  p.push(
    `<path d="M-16 ${n(h * 0.9)}q16 40 32 0" stroke="url(#steelV)" stroke-width="14" fill="none" stroke-linecap="round"/>`,
    `<path d="M${-w * 0.56} ${n(h * 0.97)}Q0 ${n(h * 1.12)} ${w * 0.56} ${n(h * 0.97)}" stroke="#1c1e21" stroke-width="30" fill="none"/>`,
    `<rect x="${w * 0.42}" y="${n(h * 0.93)}" width="50" height="44" rx="8" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4"/>`,
    logoMark(-w * 0.22, h * 0.3, 70, contrast(t.base), 7),
  );
  return p.join('');
}

export function drawGaiter(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const run = slug.includes('run');
  const kids = slug.includes('kids');
  const h = run ? 720 : kids ? 1040 : slug.includes('expedition') ? 1480 : 1320;
  const top = (TILE_H - h) / 2 - 40;
  const defs = [...fabricDefs('l', t), ...fabricDefs('r', t)];
  if (view === 'side') {
    return {
      defs,
      body: [
        shadow(CX + 30, top + h + 20, 360, 70, 0.8),
        `<g transform="translate(${CX} ${top}) scale(1.15)">${gaiter(t, h, kids, 'l')}</g>`,
      ].join(''),
      focus: { x: CX, y: top + 200, scale: 1.8 },
      poi: { x: 0.25, y: top / TILE_H, w: 0.5, h: (h * 1.15) / TILE_H },
    };
  }
  return {
    defs,
    body: [
      shadow(CX - 260, top + h + 20, 300, 60, 0.8),
      shadow(CX + 280, top + h + 40, 300, 60, 0.8),
      `<g transform="translate(${CX - 280} ${top}) rotate(-3)">${gaiter(t, h, kids, 'l')}</g>`,
      `<g transform="translate(${CX + 280} ${top + 20}) rotate(3)">${gaiter(t, h, kids, 'r')}</g>`,
    ].join(''),
    focus: { x: CX + 280, y: top + 150, scale: 2 },
    poi: { x: 0.1, y: top / TILE_H, w: 0.8, h: h / TILE_H },
  };
}

// ---------------------------------------------------------------- traction

function sole(w: number, h: number): Array<[number, number]> {
  return [
    [0, -h / 2],
    [w * 0.42, -h * 0.45],
    [w * 0.5, -h * 0.28],
    [w * 0.44, -h * 0.02],
    [w * 0.36, h * 0.14],
    [w * 0.38, h * 0.36],
    [w * 0.28, h * 0.49],
    [0, h / 2],
    [-w * 0.28, h * 0.49],
    [-w * 0.36, h * 0.36],
    [-w * 0.3, h * 0.14],
    [-w * 0.36, -h * 0.02],
    [-w * 0.44, -h * 0.28],
    [-w * 0.38, -h * 0.45],
  ];
}

function traction(t: Tone, kind: 'spike' | 'crampon' | 'stud', mirror: boolean): string {
  const w = 460;
  const h = 1240;
  const outline = sole(w, h).map(([x, y]): [number, number] => [mirror ? -x : x, y]);
  const d = smoothPath(outline);
  const p: string[] = [];
  const rubber = kind === 'stud' ? t.base : '#2a2c30';
  const rubberDeep = kind === 'stud' ? t.deep : '#141517';
  // Chains or frame underfoot.
  const nodes: Array<[number, number]> = [];
  for (const fy of [-0.36, -0.2, -0.04, 0.14, 0.3, 0.42]) {
    for (const fx of [-0.26, 0, 0.26]) nodes.push([w * fx * (mirror ? -1 : 1), h * fy]);
  }
  if (kind === 'crampon') {
    p.push(
      `<path d="${smoothPath(outline.map(([x, y]) => [x * 0.8, y * 0.86]))}" fill="none" stroke="#4d5259" stroke-width="40"/>`,
      `<path d="${smoothPath(outline.map(([x, y]) => [x * 0.8, y * 0.86]))}" fill="none" stroke="url(#steelV)" stroke-width="26"/>`,
      `<line x1="0" y1="${-h * 0.4}" x2="0" y2="${h * 0.42}" stroke="#4d5259" stroke-width="30"/>`,
      `<line x1="0" y1="${-h * 0.4}" x2="0" y2="${h * 0.42}" stroke="url(#steelV)" stroke-width="18"/>`,
    );
    for (let i = 0; i < outline.length; i++) {
      const [x, y] = outline[i]!;
      const ix = x * 0.8;
      const iy = y * 0.86;
      const len = Math.hypot(ix, iy) || 1;
      p.push(
        `<polygon points="${pts([
          [ix - (iy / len) * 22, iy + (ix / len) * 22],
          [ix + (iy / len) * 22, iy - (ix / len) * 22],
          [ix + (ix / len) * 70, iy + (iy / len) * 70],
        ])}" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="4" stroke-linejoin="round"/>`,
      );
    }
  } else {
    const link = (a: [number, number], b: [number, number]) => {
      p.push(
        `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="#5a5f66" stroke-width="16" stroke-dasharray="26 8" stroke-linecap="round"/>`,
        `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="#d5d9dd" stroke-width="7" stroke-dasharray="26 8" stroke-linecap="round"/>`,
      );
    };
    for (let r = 0; r < 6; r++) {
      for (let c = 0; c < 3; c++) {
        const node = nodes[r * 3 + c]!;
        if (c < 2) link(node, nodes[r * 3 + c + 1]!);
        if (r < 5) link(node, nodes[(r + 1) * 3 + c]!);
      }
    }
  }
  // Rubber harness around the sole, toe and heel caps, pull tab.
  p.push(
    `<path d="${d}" fill="none" stroke="${rubberDeep}" stroke-width="62" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="none" stroke="${rubber}" stroke-width="48" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="10" transform="translate(-6 -6)"/>`,
    `<path d="M${-w * 0.38} ${-h * 0.4}Q0 ${-h * 0.58} ${w * 0.38} ${-h * 0.4}Q0 ${-h * 0.32} ${-w * 0.38} ${-h * 0.4}Z" fill="${rubber}" stroke="${rubberDeep}" stroke-width="8"/>`,
    `<rect x="-60" y="${h / 2 - 10}" width="120" height="110" rx="30" fill="${t.base}" stroke="${t.deep}" stroke-width="6"/>`,
    logoMark(0, h / 2 + 44, 60, contrast(t.base), 7),
  );
  if (kind !== 'crampon') {
    for (const [x, y] of nodes) {
      p.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${kind === 'stud' ? 22 : 30}" fill="url(#steel)" stroke="${STEEL_LINE}" stroke-width="5"/>`,
        `<circle cx="${n(x)}" cy="${n(y)}" r="${kind === 'stud' ? 8 : 11}" fill="#5a5f66"/>`,
      );
    }
  }
  return p.join('');
}

export function drawTraction(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const kind = slug.includes('crampon') ? 'crampon' : slug.includes('stud') ? 'stud' : 'spike';
  if (view === 'side') {
    return {
      defs: [],
      body: [
        shadow(CX + 30, CY + 80, 720, 340, 0.7, -30),
        `<g transform="translate(${CX} ${CY}) rotate(-30) scale(1 0.7) rotate(90)">${traction(t, kind, false)}</g>`,
      ].join(''),
      focus: { x: CX, y: CY, scale: 1.7 },
      poi: { x: 0.1, y: 0.25, w: 0.8, h: 0.5 },
    };
  }
  return {
    defs: [],
    body: [
      shadow(CX - 250, CY + 40, 330, 700, 0.75),
      shadow(CX + 270, CY + 80, 330, 700, 0.75),
      `<g transform="translate(${CX - 270} ${CY - 40}) rotate(-4)">${traction(t, kind, true)}</g>`,
      `<g transform="translate(${CX + 270} ${CY + 10}) rotate(4)">${traction(t, kind, false)}</g>`,
    ].join(''),
    focus: { x: CX + 270, y: CY - 200, scale: 2 },
    poi: { x: 0.1, y: 0.18, w: 0.8, h: 0.68 },
  };
}

// ---------------------------------------------------------------- bags

function buckle(x: number, y: number, w = 70): string {
  return `<rect x="${n(x - w / 2)}" y="${n(y - 24)}" width="${w}" height="48" rx="10" fill="#1f2124"/><rect x="${n(x - w / 2 + 12)}" y="${n(y - 12)}" width="${w - 24}" height="24" rx="5" fill="#3a3d42"/>`;
}

function backpack(t: Tone, w: number, h: number, id: string): string {
  const p: string[] = [];
  // Shoulder straps peeking out behind.
  p.push(
    `<path d="M${-w * 0.38} ${-h * 0.38}C${-w * 0.62} ${-h * 0.2} ${-w * 0.6} ${h * 0.2} ${-w * 0.5} ${h * 0.36}" stroke="#22252a" stroke-width="70" fill="none" stroke-linecap="round"/>`,
    `<path d="M${w * 0.38} ${-h * 0.38}C${w * 0.62} ${-h * 0.2} ${w * 0.6} ${h * 0.2} ${w * 0.5} ${h * 0.36}" stroke="#22252a" stroke-width="70" fill="none" stroke-linecap="round"/>`,
  );
  const bodyPath = `M${-w / 2 + 60} ${-h / 2 + 40}Q0 ${-h / 2 - 40} ${w / 2 - 60} ${-h / 2 + 40}Q${w / 2 + 10} ${-h * 0.1} ${w / 2} ${h / 2 - 80}Q${w / 2} ${h / 2} ${w / 2 - 90} ${h / 2}L${-w / 2 + 90} ${h / 2}Q${-w / 2} ${h / 2} ${-w / 2} ${h / 2 - 80}Q${-w / 2 - 10} ${-h * 0.1} ${-w / 2 + 60} ${-h / 2 + 40}Z`;
  p.push(`<path d="${bodyPath}" fill="url(#fab-${id})" stroke="${t.deep}" stroke-width="7"/>`);
  // Haul loop and lid.
  p.push(
    `<path d="M-50 ${-h / 2 - 10}q50 -90 100 0" stroke="#22252a" stroke-width="22" fill="none"/>`,
    `<path d="M${-w / 2 + 50} ${-h / 2 + 50}Q0 ${-h / 2 - 30} ${w / 2 - 50} ${-h / 2 + 50}Q${w / 2 - 30} ${-h * 0.22} ${w / 2 - 40} ${-h * 0.2}Q0 ${-h * 0.14} ${-w / 2 + 40} ${-h * 0.2}Q${-w / 2 + 30} ${-h * 0.22} ${-w / 2 + 50} ${-h / 2 + 50}Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="6"/>`,
    `<path d="M${-w * 0.3} ${-h * 0.3}Q0 ${-h * 0.36} ${w * 0.3} ${-h * 0.3}" stroke="#2b2e33" stroke-width="8" fill="none"/>`,
    `<rect x="${w * 0.3 - 10}" y="${-h * 0.3 - 6}" width="20" height="54" rx="6" fill="#2b2e33"/>`,
  );
  // Front stretch pocket.
  p.push(
    `<path d="M${-w * 0.34} ${-h * 0.02}Q0 ${-h * 0.08} ${w * 0.34} ${-h * 0.02}L${w * 0.38} ${h * 0.4}Q0 ${h * 0.44} ${-w * 0.38} ${h * 0.4}Z" fill="${darken(t.base, 0.35)}" stroke="${t.deep}" stroke-width="6"/>`,
  );
  for (let i = 1; i < 9; i++) {
    const x = -w * 0.34 + (w * 0.68 * i) / 9;
    p.push(
      `<line x1="${n(x)}" y1="${n(-h * 0.03)}" x2="${n(x * 1.08)}" y2="${n(h * 0.41)}" stroke="${t.base}" stroke-width="4" opacity="0.35"/>`,
    );
  }
  p.push(
    stitch(`M${-w * 0.32} ${-h * 0.005}Q0 ${-h * 0.06} ${w * 0.32} ${-h * 0.005}`, lighten(t.base, 0.5)),
  );
  // Compression straps and snowshoe A-frame straps.
  for (const y of [-h * 0.1, h * 0.22]) {
    p.push(`<path d="M${-w / 2 - 4} ${n(y)}L${w / 2 + 4} ${n(y - 10)}" stroke="#1f2124" stroke-width="34"/>`);
    p.push(buckle(w * 0.3, y - 6));
  }
  for (const sx of [-1, 1]) {
    p.push(
      `<path d="M${sx * w * 0.47} ${-h * 0.3}L${sx * w * 0.49} ${h * 0.42}" stroke="#1f2124" stroke-width="26" stroke-linecap="round"/>`,
      `<rect x="${sx * w * 0.48 - 22}" y="${h * 0.05}" width="44" height="70" rx="10" fill="#1f2124"/>`,
    );
  }
  // Ice-axe loop and logo patch.
  p.push(
    `<path d="M-34 ${h / 2 - 60}q34 60 68 0" stroke="#1f2124" stroke-width="20" fill="none"/>`,
    `<rect x="-80" y="${-h * 0.27 + 60}" width="160" height="70" rx="14" fill="${contrast(t.base)}" opacity="0.9"/>`,
    logoMark(0, -h * 0.27 + 95, 90, t.base, 9),
  );
  return p.join('');
}

function tote(t: Tone, id: string): string {
  const w = 720;
  const h = 1500;
  const d = smoothPath([
    [0, -h / 2],
    [w * 0.38, -h * 0.46],
    [w * 0.5, -h * 0.28],
    [w * 0.48, h * 0.05],
    [w * 0.38, h * 0.3],
    [w * 0.2, h * 0.48],
    [0, h / 2],
    [-w * 0.2, h * 0.48],
    [-w * 0.38, h * 0.3],
    [-w * 0.48, h * 0.05],
    [-w * 0.5, -h * 0.28],
    [-w * 0.38, -h * 0.46],
  ]);
  const p: string[] = [];
  p.push(
    `<path d="M${-w * 0.3} ${-h * 0.3}C${-w * 0.6} ${-h * 0.7} ${w * 0.6} ${-h * 0.7} ${w * 0.3} ${-h * 0.3}" stroke="#1f2124" stroke-width="40" fill="none"/>`,
    `<path d="${d}" fill="url(#fab-${id})" stroke="${t.deep}" stroke-width="8"/>`,
    `<path d="${smoothPath([
      [0, -h / 2 + 40],
      [w * 0.34, -h * 0.43],
      [w * 0.45, -h * 0.27],
      [w * 0.43, h * 0.05],
      [w * 0.34, h * 0.28],
      [w * 0.17, h * 0.45],
      [0, h / 2 - 40],
      [-w * 0.17, h * 0.45],
      [-w * 0.34, h * 0.28],
      [-w * 0.43, h * 0.05],
      [-w * 0.45, -h * 0.27],
      [-w * 0.34, -h * 0.43],
    ])}" fill="none" stroke="#2b2e33" stroke-width="14"/>`,
    `<path d="M${-w * 0.3} ${h * 0.14}Q0 ${h * 0.1} ${w * 0.3} ${h * 0.14}L${w * 0.2} ${h * 0.42}Q0 ${h * 0.48} ${-w * 0.2} ${h * 0.42}Z" fill="#1f2124" opacity="0.85"/>`,
  );
  for (let i = 0; i < 12; i++) {
    const x = -w * 0.3 + i * w * 0.055;
    p.push(
      `<line x1="${n(x)}" y1="${n(h * 0.14)}" x2="${n(x + 90)}" y2="${n(h * 0.45)}" stroke="${t.base}" stroke-width="3" opacity="0.45"/>`,
    );
  }
  p.push(
    `<rect x="-110" y="${-h * 0.12}" width="220" height="90" rx="16" fill="${contrast(t.base)}"/>`,
    logoMark(0, -h * 0.12 + 45, 120, t.base, 11),
    `<rect x="${w * 0.4}" y="${-h * 0.3}" width="30" height="70" rx="8" fill="#2b2e33"/>`,
  );
  return p.join('');
}

function runVest(t: Tone, id: string): string {
  const p: string[] = [];
  const panel = (sx: number) =>
    `M${sx * 60} -560C${sx * 170} -600 ${sx * 250} -560 ${sx * 260} -480L${sx * 330} -60C${sx * 350} 200 ${sx * 330} 420 ${sx * 280} 520L${sx * 80} 520C${sx * 60} 300 ${sx * 70} 0 ${sx * 60} -560Z`;
  p.push(`<path d="M-260 -480Q0 -420 260 -480L280 520L-280 520Z" fill="#2b2e33" opacity="0.85"/>`);
  for (const sx of [-1, 1]) {
    p.push(`<path d="${panel(sx)}" fill="url(#fab-${id})" stroke="${t.deep}" stroke-width="7"/>`);
    // Soft flask in the chest pocket.
    p.push(
      `<rect x="${sx > 0 ? 110 : -250}" y="-360" width="140" height="360" rx="60" fill="#d9e7ef" opacity="0.85" stroke="#8aa3b3" stroke-width="5"/>`,
      `<rect x="${sx > 0 ? 150 : -210}" y="-420" width="60" height="70" rx="14" fill="${t.deep}"/>`,
      `<path d="M${sx * 90} -40L${sx * 300} -40L${sx * 310} 420L${sx * 100} 420Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="5"/>`,
      stitch(`M${sx * 100} -20L${sx * 290} -20`, lighten(t.base, 0.5)),
    );
  }
  for (const y of [-120, 80]) {
    p.push(
      `<path d="M-90 ${y}L90 ${y}" stroke="#1f2124" stroke-width="22" stroke-linecap="round"/>`,
      buckle(0, y, 54),
    );
  }
  p.push(logoMark(-190, 300, 70, contrast(t.base), 7));
  return p.join('');
}

export function drawBag(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const defs = fabricDefs('b', t);
  let inner: string;
  let focus = { x: CX, y: CY - 300, scale: 1.9 };
  if (slug.includes('tote')) inner = `<g transform="translate(${CX} ${CY + 40})">${tote(t, 'b')}</g>`;
  else if (slug.includes('vest')) {
    inner = `<g transform="translate(${CX} ${CY}) scale(1.3)">${runVest(t, 'b')}</g>`;
    focus = { x: CX - 230, y: CY - 250, scale: 1.9 };
  } else {
    const big = slug.includes('45');
    inner = `<g transform="translate(${CX} ${CY + 30})">${backpack(t, big ? 880 : 820, big ? 1480 : 1240, 'b')}</g>`;
  }
  const body = [shadow(CX + 20, CY + 780, 520, 90, 0.85), inner].join('');
  return {
    defs,
    body: view === 'side' ? `<g transform="rotate(-12 ${CX} ${CY}) translate(0 -40)">${body}</g>` : body,
    focus,
    poi: { x: 0.18, y: 0.12, w: 0.64, h: 0.78 },
  };
}

// ---------------------------------------------------------------- apparel

export function drawApparel(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const defs = [
    ...fabricDefs('a', t),
    `<pattern id="grid" width="34" height="34" patternUnits="userSpaceOnUse"><rect width="34" height="34" fill="none"/><rect x="3" y="3" width="28" height="28" rx="4" fill="${t.shade}" opacity="0.35"/></pattern>`,
    `<pattern id="knit" width="26" height="40" patternUnits="userSpaceOnUse"><path d="M0 0L13 20L26 0M0 20L13 40L26 20" fill="none" stroke="${t.deep}" stroke-opacity="0.2" stroke-width="4"/></pattern>`,
  ];
  const body: string[] = [];
  let focus = { x: CX, y: CY - 480, scale: 2 };
  if (slug.includes('neck-gaiter')) {
    const d = `M-330 -560Q0 -520 330 -560Q300 0 330 560Q0 520 -330 560Q-300 0 -330 -560Z`;
    body.push(
      shadow(CX + 30, CY + 600, 420, 80, 0.8),
      `<g transform="translate(${CX} ${CY})">`,
      `<path d="${d}" fill="url(#fab-a)" stroke="${t.deep}" stroke-width="7"/>`,
      `<path d="${d}" fill="url(#knit)"/>`,
      `<path d="M-330 -560Q0 -520 330 -560L328 -500Q0 -460 -328 -500Z" fill="${t.shade}"/>`,
      `<path d="M-330 560Q0 520 330 560L328 500Q0 460 -328 500Z" fill="${t.shade}"/>`,
      `<path d="M-310 -80Q0 -40 310 -80" stroke="${t.deep}" stroke-width="5" opacity="0.4" fill="none"/>`,
      `<path d="M-300 200Q0 240 300 200" stroke="${t.deep}" stroke-width="5" opacity="0.4" fill="none"/>`,
      `<rect x="180" y="300" width="90" height="120" rx="8" fill="${contrast(t.base)}"/>`,
      logoMark(225, 360, 60, t.base, 6),
      '</g>',
    );
    focus = { x: CX + 220, y: CY + 360, scale: 2.2 };
  } else {
    const vest = slug.includes('vest');
    const fleece = slug.includes('fleece');
    const base = slug.includes('base-layer');
    const torso = `M-230 -620Q-120 -660 -90 -660Q0 -600 90 -660Q120 -660 230 -620L380 -540Q400 -300 380 ${vest ? -200 : -240}L370 600Q0 640 -370 600L-380 ${vest ? -200 : -240}Q-400 -300 -380 -540Z`;
    body.push(shadow(CX + 30, CY + 700, 560, 90, 0.8), `<g transform="translate(${CX} ${CY})">`);
    if (!vest) {
      for (const sx of [-1, 1]) {
        const sleeve = `M${sx * 360} -560L${sx * 560} -300L${sx * 690} 420L${sx * 500} 470L${sx * 380} -180Z`;
        body.push(
          `<path d="${sleeve}" fill="url(#fab-a)" stroke="${t.deep}" stroke-width="7" stroke-linejoin="round"/>`,
          `<path d="M${sx * 690} 420L${sx * 500} 470L${sx * 490} 410L${sx * 676} 360Z" fill="${base ? t.base : t.shade}" stroke="${t.deep}" stroke-width="5"/>`,
          fleece ? `<path d="${sleeve}" fill="url(#grid)"/>` : '',
          base ? stitch(`M${sx * 410} -440L${sx * 600} 400`, t.deep) : '',
        );
      }
    }
    body.push(
      `<path d="${torso}" fill="url(#fab-a)" stroke="${t.deep}" stroke-width="7" stroke-linejoin="round"/>`,
    );
    if (fleece) body.push(`<path d="${torso}" fill="url(#grid)"/>`);
    if (vest) {
      for (let i = 0; i < 8; i++) {
        const y = -440 + i * 130;
        body.push(
          `<path d="M-378 ${y}Q0 ${y + 40} 378 ${y}" stroke="${t.deep}" stroke-width="6" fill="none" opacity="0.7"/>`,
        );
        body.push(
          `<path d="M-370 ${y + 20}Q0 ${y + 80} 370 ${y + 20}" stroke="${t.light}" stroke-width="20" fill="none" opacity="0.25"/>`,
        );
      }
      for (const sx of [-1, 1]) {
        body.push(
          `<path d="M${sx * 230} -620L${sx * 380} -540Q${sx * 400} -300 ${sx * 380} -200Q${sx * 300} -300 ${sx * 230} -620Z" fill="${t.deep}" opacity="0.5"/>`,
        );
      }
    }
    // Hem band.
    body.push(
      `<path d="M-372 540Q0 580 372 540L370 600Q0 640 -370 600Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="5"/>`,
    );
    if (base) {
      body.push(
        `<path d="M-90 -660Q0 -560 90 -660" stroke="${t.shade}" stroke-width="30" fill="none"/>`,
        stitch('M-300 -560L-290 560', t.deep),
        stitch('M300 -560L290 560', t.deep),
      );
    } else {
      // Collar and zip.
      const zipEnd = fleece ? -280 : 600;
      body.push(
        `<path d="M-110 -660Q0 -620 110 -660L120 -760Q0 -730 -120 -760Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="6"/>`,
        `<line x1="0" y1="-740" x2="0" y2="${zipEnd}" stroke="#2b2e33" stroke-width="16"/>`,
        `<line x1="0" y1="-740" x2="0" y2="${zipEnd}" stroke="#8a9097" stroke-width="6" stroke-dasharray="5 5"/>`,
        `<rect x="-14" y="-730" width="28" height="70" rx="8" fill="url(#steelV)" stroke="${STEEL_LINE}" stroke-width="3"/>`,
      );
      if (!fleece) {
        body.push(
          `<line x1="120" y1="-420" x2="290" y2="-300" stroke="#2b2e33" stroke-width="12" stroke-linecap="round"/>`,
          stitch('M-250 -540Q-230 0 -250 540', t.deep),
          stitch('M250 -540Q230 0 250 540', t.deep),
        );
      }
    }
    body.push(logoMark(-200, -380, 80, contrast(t.base), 8), '</g>');
    focus = { x: CX, y: CY - 560, scale: 1.9 };
  }
  const inner = body.join('');
  return {
    defs,
    body: view === 'side' ? `<g transform="rotate(-8 ${CX} ${CY}) translate(0 20)">${inner}</g>` : inner,
    focus,
    poi: { x: 0.08, y: 0.12, w: 0.84, h: 0.76 },
  };
}

// ---------------------------------------------------------------- beanies

export function drawBeanie(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const pom = slug.includes('pom');
  const defs = fabricDefs('h', t);
  const w = 760;
  const body: string[] = [
    shadow(CX + 20, CY + 470, 460, 80, 0.85),
    `<g transform="translate(${CX} ${CY + 120})">`,
  ];
  const dome = `M${-w / 2} 160C${-w / 2} -360 ${-w * 0.28} -560 0 -560C${w * 0.28} -560 ${w / 2} -360 ${w / 2} 160Z`;
  body.push(`<path d="${dome}" fill="url(#fab-h)" stroke="${t.deep}" stroke-width="7"/>`);
  if (pom) {
    for (let i = -3; i <= 3; i++) {
      const x = i * 100;
      body.push(
        `<path d="M${x} 140C${x - 30} 60 ${x + 30} 0 ${x} -80C${x - 30} -160 ${x + 30} -220 ${x * 0.8} -300" stroke="${t.deep}" stroke-width="26" fill="none" opacity="0.35"/>`,
        `<path d="M${x} 140C${x + 30} 60 ${x - 30} 0 ${x} -80C${x + 30} -160 ${x - 30} -220 ${x * 0.8} -300" stroke="${t.light}" stroke-width="14" fill="none" opacity="0.35"/>`,
      );
    }
  } else {
    for (let i = -9; i <= 9; i++) {
      const x = i * 40;
      body.push(
        `<path d="M${x} 150Q${x * 0.9} -300 ${x * 0.2} -540" stroke="${t.deep}" stroke-width="9" fill="none" opacity="0.28"/>`,
      );
    }
  }
  // Folded cuff with rib and a patch.
  body.push(
    `<path d="M${-w / 2 - 20} 60Q0 20 ${w / 2 + 20} 60L${w / 2 + 10} 330Q0 370 ${-w / 2 - 10} 330Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="7"/>`,
  );
  for (let i = -19; i <= 19; i++) {
    const x = i * 20;
    body.push(
      `<line x1="${x}" y1="${n(48 + Math.abs(x) * 0.03)}" x2="${x}" y2="${n(340 - Math.abs(x) * 0.02)}" stroke="${t.deep}" stroke-width="6" opacity="0.3"/>`,
    );
  }
  body.push(
    `<rect x="-110" y="130" width="220" height="120" rx="14" fill="#c49a6c" stroke="#8e6b45" stroke-width="5"/>`,
    stitch('M-96 142L96 142L96 238L-96 238Z', '#8e6b45', 3),
    logoMark(0, 192, 110, '#5b4029', 10),
  );
  if (pom) {
    body.push(`<circle cx="0" cy="-600" r="170" fill="${lighten(t.base, 0.2)}"/>`);
    for (let i = 0; i < 90; i++) {
      const a = (i / 90) * Math.PI * 2;
      const r0 = 60 + ((i * 37) % 50);
      body.push(
        `<line x1="${n(Math.cos(a) * r0)}" y1="${n(-600 + Math.sin(a) * r0)}" x2="${n(Math.cos(a) * 190)}" y2="${n(-600 + Math.sin(a) * 190)}" stroke="${i % 3 ? t.light : t.base}" stroke-width="10" stroke-linecap="round" opacity="0.9"/>`,
      );
    }
  }
  body.push('</g>');
  const inner = body.join('');
  return {
    defs,
    body: view === 'side' ? `<g transform="rotate(-14 ${CX} ${CY})">${inner}</g>` : inner,
    focus: { x: CX, y: CY + 310, scale: 2.1 },
    poi: { x: 0.15, y: pom ? 0.1 : 0.22, w: 0.7, h: pom ? 0.75 : 0.6 },
  };
}

// ---------------------------------------------------------------- gloves and mitts

function glove(t: Tone, mitt: boolean, id: string): string {
  const p: string[] = [];
  // The hand as capsules: outlines first, fills on top, so the union reads as one shape.
  const shapes: string[] = mitt
    ? [
        `<path d="M-215 520L-225 -280C-225 -600 225 -600 225 -280L220 520Z"/>`,
        `<rect x="-300" y="-170" width="120" height="340" rx="60" transform="rotate(-32 -240 0)"/>`,
      ]
    : [
        `<path d="M-185 520L-190 -250Q-190 -300 -140 -300L150 -300Q200 -300 200 -250L195 520Z"/>`,
        `<rect x="-188" y="-560" width="78" height="330" rx="39" transform="rotate(-6 -149 -395)"/>`,
        `<rect x="-100" y="-640" width="80" height="390" rx="40" transform="rotate(-2 -60 -445)"/>`,
        `<rect x="-8" y="-650" width="80" height="400" rx="40" transform="rotate(2 32 -450)"/>`,
        `<rect x="84" y="-590" width="76" height="340" rx="38" transform="rotate(7 122 -420)"/>`,
        `<rect x="-270" y="-190" width="96" height="320" rx="48" transform="rotate(-34 -222 -30)"/>`,
      ];
  p.push(
    `<g fill="${t.deep}" stroke="${t.deep}" stroke-width="16" stroke-linejoin="round">${shapes.join('')}</g>`,
  );
  p.push(`<g fill="url(#fab-${id})">${shapes.join('')}</g>`);
  if (!mitt) {
    for (const [x, y] of [
      [-150, -520],
      [-60, -600],
      [32, -610],
      [122, -545],
    ] as const) {
      p.push(
        `<rect x="${x - 24}" y="${y - 24}" width="48" height="60" rx="24" fill="${t.shade}" opacity="0.8"/>`,
      );
    }
    p.push(`<circle cx="-60" cy="-600" r="18" fill="#6b7077" opacity="0.7"/>`);
  }
  // Knuckle panel.
  p.push(
    `<path d="M-180 -250Q10 -300 192 -240L194 -110Q10 -160 -182 -120Z" fill="${mitt ? t.shade : darken(t.base, 0.3)}" opacity="0.9"/>`,
  );
  // Cuff: gauntlet for mitts, knit for gloves.
  if (mitt) {
    p.push(
      `<path d="M-230 260L230 260L280 640L-280 640Z" fill="${t.shade}" stroke="${t.deep}" stroke-width="7"/>`,
      `<path d="M-270 600Q0 630 270 600" stroke="#1f2124" stroke-width="14" fill="none"/>`,
      `<rect x="230" y="580" width="44" height="70" rx="14" fill="#1f2124"/>`,
      stitch('M-150 -360Q0 -470 150 -360', t.light, 4),
    );
  } else {
    p.push(
      `<rect x="-196" y="380" width="398" height="160" rx="20" fill="${t.shade}" stroke="${t.deep}" stroke-width="6"/>`,
    );
    for (let x = -176; x <= 180; x += 20)
      p.push(
        `<line x1="${x}" y1="392" x2="${x}" y2="528" stroke="${t.deep}" stroke-width="5" opacity="0.3"/>`,
      );
  }
  p.push(logoMark(0, 120, 110, contrast(t.base), 10));
  return p.join('');
}

export function drawGlove(slug: string, hex: string, view: 'main' | 'side'): Art {
  const t = tone(hex);
  const mitt = slug.includes('mitt');
  const defs = fabricDefs('g', t);
  if (view === 'side') {
    return {
      defs,
      body: [
        shadow(CX + 20, CY + 680, 420, 80, 0.8),
        `<g transform="translate(${CX} ${CY}) rotate(-10) scale(1.25)">${glove(t, mitt, 'g')}</g>`,
      ].join(''),
      focus: { x: CX, y: CY - 300, scale: 1.8 },
      poi: { x: 0.15, y: 0.12, w: 0.7, h: 0.78 },
    };
  }
  return {
    defs,
    body: [
      shadow(CX + 20, CY + 640, 620, 90, 0.8),
      `<g transform="translate(${CX - 350} ${CY}) rotate(-5) scale(-0.92 0.92)">${glove(t, mitt, 'g')}</g>`,
      `<g transform="translate(${CX + 350} ${CY + 30}) rotate(5) scale(0.92)">${glove(t, mitt, 'g')}</g>`,
    ].join(''),
    focus: { x: CX + 350, y: CY - 200, scale: 1.9 },
    poi: { x: 0.06, y: 0.15, w: 0.88, h: 0.72 },
  };
}

void mix;
void RUBBER;
