import { logoMark, metalDefs } from './common.ts';
import { type SnowshoeSpec, snowshoeTop } from './snowshoe.ts';
import { darken, lighten, linear, mix, n, pts, random, smoothPath, svgDocument } from './svg.ts';

/** Lifestyle and banner artworks: flat vector landscapes with people on snowshoes, 2400x1000. */
export const SCENE_W = 2400;
export const SCENE_H = 1000;

type Rng = () => number;

const WORKSHOP_SHOE: SnowshoeSpec = {
  length: 1520,
  width: 520,
  taper: 0.15,
  asym: 0,
  binding: 'ratchet',
  rails: true,
  heelLift: true,
  colouredDeck: false,
};

interface Canvas {
  defs: string[];
  body: string[];
}

let gradientCount = 0;
function gradient(c: Canvas, stops: ReadonlyArray<readonly [number, string, number?]>, dir = {}): string {
  const id = `g${gradientCount++}`;
  c.defs.push(linear(id, stops, dir));
  return `url(#${id})`;
}

function sky(c: Canvas, top: string, bottom: string, middle?: string) {
  const fill = gradient(
    c,
    middle
      ? [
          [0, top],
          [0.6, middle],
          [1, bottom],
        ]
      : [
          [0, top],
          [1, bottom],
        ],
  );
  c.body.push(`<rect width="${SCENE_W}" height="${SCENE_H}" fill="${fill}"/>`);
}

/** A mountain ridge: peaks and saddles at jittered spacing, roughened by midpoint displacement. */
function ridge(rng: Rng, baseY: number, height: number, peaks: number): Array<[number, number]> {
  const step = (SCENE_W + 100) / peaks;
  let points: Array<[number, number]> = [[-50, baseY - height * 0.3 * rng()]];
  for (let i = 0; i < peaks; i++) {
    const px = -50 + step * (i + 0.3 + rng() * 0.4);
    points.push([px, baseY - height * (0.45 + rng() * 0.55)]);
    points.push([-50 + step * (i + 1), baseY - height * (0.05 + rng() * 0.25)]);
  }
  let amp = height * 0.12;
  for (let level = 0; level < 5; level++) {
    const next: Array<[number, number]> = [];
    for (let i = 0; i < points.length - 1; i++) {
      const [x0, y0] = points[i]!;
      const [x1, y1] = points[i + 1]!;
      next.push([x0, y0]);
      next.push([(x0 + x1) / 2 + (rng() - 0.5) * (x1 - x0) * 0.15, (y0 + y1) / 2 + (rng() - 0.5) * amp]);
    }
    next.push(points[points.length - 1]!);
    points = next;
    amp *= 0.5;
  }
  return points;
}

function mountains(
  c: Canvas,
  rng: Rng,
  y: number,
  height: number,
  colour: string,
  snow: number,
  shade = 0.25,
  peaks = 5,
) {
  const line = ridge(rng, y, height, peaks);
  const fill = gradient(c, [
    [0, lighten(colour, 0.1)],
    [1, darken(colour, shade)],
  ]);
  c.body.push(
    `<polygon points="${pts([...line, [SCENE_W + 50, SCENE_H + 10], [-50, SCENE_H + 10]])}" fill="${fill}"/>`,
  );
  if (snow > 0) {
    // Snow above a jagged snowline; a shaded flank on the right of each slope.
    const snowline = y - height * 0.55 + snow * 0.4;
    let jag = 0;
    const cap = line.map(([x, py]): [number, number] => {
      jag = jag * 0.7 + (rng() - 0.5) * snow * 0.3;
      return [x, py < snowline ? Math.max(py, snowline + jag) : py];
    });
    c.body.push(
      `<polygon points="${pts([...line, ...cap.reverse()])}" fill="${mix('#ffffff', colour, 0.1)}"/>`,
    );
    const shadeParts: string[] = [];
    for (let i = 1; i < line.length - 1; i += 1) {
      const [x0, y0] = line[i - 1]!;
      const [x1, y1] = line[i]!;
      if (y1 > y0 && y0 < snowline) {
        shadeParts.push(
          `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}L${n(x1 - 20)} ${n(Math.min(snowline + 30, y1 + 80))}Z`,
        );
      }
    }
    c.body.push(`<path d="${shadeParts.join('')}" fill="${colour}" opacity="0.1"/>`);
  }
}

function tree(x: number, y: number, h: number, colour: string, snowy: boolean): string {
  const w = h * 0.42;
  const parts: string[] = [
    `<rect x="${n(x - h * 0.025)}" y="${n(y - h * 0.12)}" width="${n(h * 0.05)}" height="${n(h * 0.14)}" fill="#4a3a2c"/>`,
  ];
  for (let tier = 0; tier < 3; tier++) {
    const ty = y - h * 0.1 - tier * h * 0.26;
    const tw = w * (1 - tier * 0.26);
    parts.push(
      `<polygon points="${pts([
        [x - tw / 2, ty],
        [x + tw / 2, ty],
        [x, ty - h * 0.42],
      ])}" fill="${tier % 2 ? darken(colour, 0.08) : colour}"/>`,
    );
    if (snowy) {
      parts.push(
        `<polygon points="${pts([
          [x - tw * 0.42, ty - h * 0.02],
          [x - tw * 0.15, ty - h * 0.08],
          [x, ty - h * 0.03],
          [x + tw * 0.2, ty - h * 0.09],
          [x + tw * 0.44, ty - h * 0.02],
          [x, ty - h * 0.36],
        ])}" fill="#f4f7fa" opacity="0.85"/>`,
      );
    }
  }
  return parts.join('');
}

function forest(
  c: Canvas,
  rng: Rng,
  y: number,
  count: number,
  size: number,
  colour: string,
  snowy = true,
  span = [0, SCENE_W],
) {
  const trees: Array<[number, number, number]> = [];
  for (let i = 0; i < count; i++) {
    trees.push([
      span[0]! + rng() * (span[1]! - span[0]!),
      y + rng() * size * 0.25,
      size * (0.6 + rng() * 0.6),
    ]);
  }
  trees.sort((a, b) => a[1] - b[1]);
  c.body.push(trees.map(([x, ty, h]) => tree(x, ty, h, colour, snowy)).join(''));
}

function snowfield(c: Canvas, y: number, wave: number, top = '#ffffff', bottom = '#dfe8f0') {
  const fill = gradient(c, [
    [0, top],
    [1, bottom],
  ]);
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 8; i++) points.push([(SCENE_W * i) / 8, y + Math.sin(i * 1.3) * wave]);
  const d = `${smoothPath(points, false)}L${SCENE_W} ${SCENE_H + 10}L0 ${SCENE_H + 10}Z`;
  c.body.push(`<path d="${d}" fill="${fill}"/>`);
}

function tracks(c: Canvas, from: [number, number], to: [number, number], count: number, size: number) {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = i / count;
    const x = from[0] + (to[0] - from[0]) * t + (i % 2 ? size * 0.5 : -size * 0.5);
    const y = from[1] + (to[1] - from[1]) * t;
    const s = size * (0.5 + t * 0.5);
    parts.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s * 0.5)}" ry="${n(s * 0.22)}" fill="#b8c7d6" opacity="0.6"/>`,
    );
  }
  c.body.push(parts.join(''));
}

interface Figure {
  x: number;
  y: number;
  /** Height in pixels. */
  h: number;
  jacket: string;
  pants?: string;
  hat?: string;
  facing?: 1 | -1;
  /** 0..1 phase of the stride. */
  stride?: number;
  poles?: boolean;
  pack?: string;
  headlamp?: boolean;
  bib?: boolean;
  running?: boolean;
}

/** A person on snowshoes, feet at (x, y). */
function person(f: Figure): string {
  const { x, y, h, jacket } = f;
  const s = h / 100;
  const dir = f.facing ?? 1;
  const pants = f.pants ?? '#2b2f36';
  const hat = f.hat ?? darken(jacket, 0.3);
  const stride = f.stride ?? 0.5;
  const reach = (f.running ? 22 : 14) * (0.6 + stride * 0.6);
  const parts: string[] = [];
  const g = (content: string) =>
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * dir)} ${n(s)})">${content}</g>`;
  const lean = f.running ? 8 : 3;
  const inner: string[] = [];
  // Snowshoes.
  inner.push(
    `<ellipse cx="${n(reach + 4)}" cy="-1" rx="13" ry="3.4" fill="#2b2f36"/>`,
    `<ellipse cx="${n(-reach + 2)}" cy="${f.running ? -6 : -1}" rx="13" ry="3.4" fill="#2b2f36" transform="rotate(${f.running ? -14 : 0} ${n(-reach + 2)} -1)"/>`,
  );
  // Legs.
  inner.push(
    `<path d="M${lean * 0.4} -46L${n(reach)} -3" stroke="${pants}" stroke-width="9" stroke-linecap="round"/>`,
    `<path d="M${lean * 0.4} -46L${n(-reach * 0.5)} -24L${n(-reach)} ${f.running ? -8 : -3}" stroke="${darken(pants, 0.15)}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
  );
  // Pack.
  if (f.pack)
    inner.push(`<rect x="${n(-15 + lean * 0.6)}" y="-80" width="13" height="30" rx="5" fill="${f.pack}"/>`);
  // Torso.
  inner.push(
    `<path d="M${n(-8 + lean)} -82L${n(9 + lean)} -82L${n(8 + lean * 0.5)} -44L${n(-8 + lean * 0.3)} -44Z" fill="${jacket}" stroke="${darken(jacket, 0.3)}" stroke-width="1.5" stroke-linejoin="round"/>`,
  );
  if (f.bib)
    inner.push(
      `<rect x="${n(-4 + lean * 0.8)}" y="-72" width="11" height="9" fill="#ffffff"/><rect x="${n(-2 + lean * 0.8)}" y="-69.5" width="7" height="1.6" fill="#333"/>`,
    );
  // Arms and poles.
  const armFront = `M${n(5 + lean)} -78L${n(16 + lean)} -60L${n(24 + lean)} -52`;
  const armBack = `M${n(-2 + lean)} -78L${n(-12 + lean)} -60L${n(-18 + lean)} -56`;
  inner.push(
    `<path d="${armBack}" stroke="${darken(jacket, 0.2)}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="${armFront}" stroke="${jacket}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  if (f.poles !== false) {
    inner.push(
      `<line x1="${n(24 + lean)}" y1="-56" x2="${n(36 + lean * 0.5)}" y2="0" stroke="#3a3d42" stroke-width="2"/>`,
      `<line x1="${n(-18 + lean)}" y1="-58" x2="${n(-34)}" y2="-2" stroke="#3a3d42" stroke-width="2"/>`,
    );
  }
  // Head, hat, headlamp.
  inner.push(
    `<circle cx="${n(2 + lean * 1.1)}" cy="-92" r="8.5" fill="#e2b48f"/>`,
    `<path d="M${n(-7 + lean * 1.1)} -93Q${n(2 + lean * 1.1)} -108 ${n(11 + lean * 1.1)} -93Z" fill="${hat}"/>`,
  );
  if (f.headlamp) inner.push(`<circle cx="${n(10 + lean * 1.1)}" cy="-95" r="2.6" fill="#fff8d0"/>`);
  parts.push(g(inner.join('')));
  return parts.join('');
}

function beam(x: number, y: number, length: number, angle: number, spread: number, c: Canvas): string {
  const fill = gradient(
    c,
    [
      [0, '#fff6c8', 0.75],
      [1, '#fff6c8', 0],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const a = (angle * Math.PI) / 180;
  const s = (spread * Math.PI) / 180;
  const p1: [number, number] = [x + Math.cos(a - s) * length, y + Math.sin(a - s) * length];
  const p2: [number, number] = [x + Math.cos(a + s) * length, y + Math.sin(a + s) * length];
  return `<polygon points="${pts([[x, y], p1, p2])}" fill="${fill}"/>`;
}

function sun(c: Canvas, x: number, y: number, r: number, colour: string) {
  c.body.push(
    `<circle cx="${x}" cy="${y}" r="${r * 3}" fill="${colour}" opacity="0.12"/>`,
    `<circle cx="${x}" cy="${y}" r="${r * 1.8}" fill="${colour}" opacity="0.2"/>`,
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${lighten(colour, 0.5)}"/>`,
  );
}

function snowflakes(c: Canvas, rng: Rng, count: number, opacity = 0.8) {
  const flakes: string[] = [];
  for (let i = 0; i < count; i++) {
    flakes.push(
      `<circle cx="${n(rng() * SCENE_W)}" cy="${n(rng() * SCENE_H)}" r="${n(2 + rng() * 5)}" fill="#ffffff" opacity="${n(opacity * (0.4 + rng() * 0.6))}"/>`,
    );
  }
  c.body.push(flakes.join(''));
}

// ---------------------------------------------------------------- the scenes

const SCENE_DRAWINGS: Record<string, (c: Canvas, rng: Rng) => void> = {
  'banner-powder-day'(c, rng) {
    sky(c, '#5b93c9', '#dcecf7', '#a9cbe6');
    sun(c, 1900, 190, 60, '#fff3c4');
    mountains(c, rng, 430, 380, '#7d9bb8', 160);
    mountains(c, rng, 560, 260, '#5f7f9c', 110, 0.35);
    forest(c, rng, 690, 40, 150, '#2f5d52', true);
    snowfield(c, 700, 30);
    tracks(c, [2350, 720], [900, 960], 22, 40);
    c.body.push(
      person({ x: 1180, y: 880, h: 260, jacket: '#c8362d', pack: '#1e2a44', stride: 0.8 }),
      `<path d="M1120 890q-120 -40 -260 -10q80 -60 220 -40z" fill="#ffffff" opacity="0.85"/>`,
    );
    snowflakes(c, rng, 140, 0.7);
  },
  'banner-dawn-summit'(c, rng) {
    sky(c, '#2b3a67', '#f7b267', '#e07a8f');
    sun(c, 1200, 560, 80, '#ffd39a');
    mountains(c, rng, 520, 300, '#6b5b8a', 90, 0.4);
    mountains(c, rng, 650, 240, '#43406a', 60, 0.45);
    // The summit ridge in the foreground.
    c.body.push(
      `<path d="M-20 1010L-20 820L500 760L980 640L1180 600L1420 660L1900 780L2420 860L2420 1010Z" fill="${gradient(
        c,
        [
          [0, '#f3eef2'],
          [1, '#c9c2d6'],
        ],
      )}"/>`,
      `<path d="M980 640L1180 600L1420 660L1300 700L1120 660Z" fill="#ffffff" opacity="0.7"/>`,
    );
    c.body.push(
      person({ x: 1150, y: 612, h: 170, jacket: '#f08a24', pack: '#2f5d46', stride: 0.2 }),
      person({ x: 1290, y: 640, h: 160, jacket: '#1f9e9a', pack: '#4a4f55', stride: 0.5, facing: -1 }),
    );
  },
  'banner-backcountry'(c, rng) {
    sky(c, '#8fb3d9', '#eef4f9');
    mountains(c, rng, 330, 500, '#8ea3ba', 260, 0.3);
    mountains(c, rng, 520, 360, '#6f8aa3', 150, 0.35);
    mountains(c, rng, 680, 200, '#55708a', 80, 0.4);
    snowfield(c, 760, 20, '#fbfdff', '#d4e0ea');
    tracks(c, [600, 980], [1500, 780], 30, 36);
    c.body.push(
      person({ x: 1520, y: 800, h: 200, jacket: '#c8362d', pack: '#4a4f55', stride: 0.3 }),
      person({ x: 1720, y: 780, h: 185, jacket: '#1e2a44', pack: '#f08a24', stride: 0.7 }),
    );
    forest(c, rng, 760, 8, 180, '#24473f', true, [0, 450]);
  },
  'banner-kids'(c, rng) {
    sky(c, '#76b6e8', '#e8f4fb');
    sun(c, 380, 200, 70, '#fff1b0');
    mountains(c, rng, 540, 220, '#9db7cf', 90, 0.25);
    forest(c, rng, 690, 30, 170, '#3b7a57', true);
    snowfield(c, 720, 40, '#ffffff', '#e2edf5');
    // A snowman and kids.
    c.body.push(
      `<circle cx="1800" cy="850" r="80" fill="#ffffff" stroke="#d4e0ea" stroke-width="4"/><circle cx="1800" cy="740" r="55" fill="#ffffff" stroke="#d4e0ea" stroke-width="4"/><circle cx="1800" cy="660" r="38" fill="#ffffff" stroke="#d4e0ea" stroke-width="4"/><polygon points="1800,660 1850,668 1800,672" fill="#f08a24"/><circle cx="1788" cy="650" r="5" fill="#333"/><circle cx="1812" cy="650" r="5" fill="#333"/><rect x="1760" y="700" width="80" height="14" rx="7" fill="#c8362d"/>`,
      person({
        x: 1000,
        y: 900,
        h: 230,
        jacket: '#d8d23a',
        hat: '#c8362d',
        stride: 0.9,
        poles: false,
        running: true,
      }),
      person({
        x: 1320,
        y: 880,
        h: 200,
        jacket: '#8e2c5a',
        hat: '#1f9e9a',
        stride: 0.4,
        poles: false,
        facing: -1,
      }),
      person({ x: 720, y: 930, h: 185, jacket: '#1f9e9a', hat: '#f08a24', stride: 0.6, poles: false }),
    );
    snowflakes(c, rng, 60, 0.6);
  },
  'lifestyle-forest-trail'(c, rng) {
    sky(c, '#b8cfe0', '#eef3f7');
    forest(c, rng, 380, 40, 260, '#6f8f86', true);
    forest(c, rng, 560, 30, 380, '#3c6656', true);
    snowfield(c, 700, 25, '#fdfefe', '#d9e4ec');
    c.body.push(
      `<path d="M900 1010C1000 900 1150 800 1240 700L1300 700C1260 800 1250 900 1500 1010Z" fill="#e6eef4"/>`,
    );
    tracks(c, [1270, 710], [1150, 990], 18, 34);
    forest(c, rng, 820, 8, 620, '#234a3d', true, [0, 700]);
    forest(c, rng, 820, 8, 620, '#234a3d', true, [1800, 2400]);
    c.body.push(
      person({ x: 1230, y: 800, h: 190, jacket: '#2f5d46', pack: '#c9b28b', stride: 0.4 }),
      person({ x: 1320, y: 760, h: 160, jacket: '#c8362d', pack: '#4a4f55', stride: 0.8 }),
    );
    snowflakes(c, rng, 90, 0.6);
  },
  'lifestyle-family-outing'(c, rng) {
    sky(c, '#86b8e0', '#f2f7fb');
    sun(c, 2000, 170, 55, '#fff5c8');
    mountains(c, rng, 480, 260, '#98afc6', 110, 0.25);
    forest(c, rng, 660, 36, 170, '#3f6e5c', true);
    snowfield(c, 700, 30);
    tracks(c, [200, 980], [900, 820], 22, 34);
    c.body.push(
      person({ x: 980, y: 860, h: 230, jacket: '#1e2a44', pack: '#c8362d', stride: 0.3 }),
      person({ x: 1260, y: 870, h: 215, jacket: '#ef7f5a', pack: '#2f5d46', stride: 0.7 }),
      person({ x: 1120, y: 900, h: 140, jacket: '#d8d23a', hat: '#6b4fa0', stride: 0.5, poles: false }),
      person({ x: 1430, y: 905, h: 120, jacket: '#1f9e9a', hat: '#c8362d', stride: 0.2, poles: false }),
    );
  },
  'lifestyle-race-start'(c, rng) {
    sky(c, '#9cc4e4', '#f1f6fa');
    mountains(c, rng, 470, 260, '#8aa2ba', 120, 0.28);
    forest(c, rng, 640, 40, 170, '#345f50', true);
    snowfield(c, 680, 15, '#fbfdff', '#dbe6ee');
    // Start arch with the brand mark.
    c.body.push(
      `<rect x="560" y="330" width="40" height="520" fill="#1d1f21"/><rect x="1800" y="330" width="40" height="520" fill="#1d1f21"/>`,
      `<path d="M540 300Q1200 230 1860 300L1860 420Q1200 350 540 420Z" fill="#c8362d"/>`,
      logoMark(1200, 345, 160, '#ffffff', 14),
    );
    for (let i = 0; i < 14; i++) {
      const x = 260 + i * 140;
      c.body.push(
        `<polygon points="${pts([
          [x, 240],
          [x + 70, 240],
          [x + 35, 300],
        ])}" fill="${['#f08a24', '#1f9e9a', '#d8d23a', '#c8362d'][i % 4]}"/>`,
      );
    }
    c.body.push(`<path d="M200 240Q1200 280 2200 240" stroke="#333" stroke-width="3" fill="none"/>`);
    const colours = ['#c8362d', '#1f9e9a', '#d8d23a', '#1e2a44', '#f08a24', '#6b4fa0', '#2f5d46'];
    for (let i = 0; i < 7; i++) {
      c.body.push(
        person({
          x: 760 + i * 150 + (i % 2) * 40,
          y: 870 + (i % 3) * 25,
          h: 190 + (i % 3) * 15,
          jacket: colours[i]!,
          stride: (i * 0.31) % 1,
          running: true,
          bib: true,
          poles: false,
        }),
      );
    }
    // Spectators.
    for (let i = 0; i < 9; i++) {
      c.body.push(
        person({
          x: 120 + i * 45,
          y: 760,
          h: 120,
          jacket: colours[(i + 3) % 7]!,
          poles: false,
          stride: 0.5,
          facing: 1,
        }),
      );
    }
  },
  'lifestyle-night-trail'(c, rng) {
    sky(c, '#0b1230', '#2a3b6b');
    for (let i = 0; i < 160; i++) {
      c.body.push(
        `<circle cx="${n(rng() * SCENE_W)}" cy="${n(rng() * 520)}" r="${n(1 + rng() * 2.5)}" fill="#ffffff" opacity="${n(0.3 + rng() * 0.7)}"/>`,
      );
    }
    c.body.push(
      `<circle cx="1950" cy="170" r="62" fill="#f4f1e0"/><circle cx="1975" cy="155" r="58" fill="#0f1a3e"/>`,
    );
    mountains(c, rng, 520, 260, '#2e3d66', 70, 0.4);
    forest(c, rng, 680, 40, 220, '#14243a', true);
    snowfield(c, 700, 20, '#9fb2d0', '#4f638a');
    c.body.push(
      beam(1120, 690, 700, -8, 9, c),
      beam(1420, 700, 650, -4, 8, c),
      person({
        x: 1100,
        y: 820,
        h: 170,
        jacket: '#f08a24',
        stride: 0.4,
        headlamp: true,
        running: true,
        poles: false,
      }),
      person({
        x: 1400,
        y: 835,
        h: 165,
        jacket: '#d8d23a',
        stride: 0.8,
        headlamp: true,
        running: true,
        poles: false,
      }),
    );
  },
  'lifestyle-workshop'(c, rng) {
    // Wall of planks, a window on the snow, tools, frames on hooks, a bench.
    c.body.push(
      `<rect width="${SCENE_W}" height="${SCENE_H}" fill="${gradient(c, [
        [0, '#c7a27a'],
        [1, '#9c7650'],
      ])}"/>`,
    );
    for (let i = 0; i < 16; i++)
      c.body.push(
        `<line x1="${i * 150}" y1="0" x2="${i * 150}" y2="${SCENE_H}" stroke="#7f5e3e" stroke-width="4" opacity="0.5"/>`,
      );
    c.body.push(
      `<rect x="1560" y="120" width="640" height="420" fill="#bcd6ea" stroke="#5e4630" stroke-width="24"/>`,
    );
    c.body.push(
      `<polygon points="1572,540 1572,380 1700,300 1820,390 1960,260 2188,420 2188,540" fill="#eef3f8"/>`,
    );
    c.body.push(`<line x1="1880" y1="120" x2="1880" y2="540" stroke="#5e4630" stroke-width="16"/>`);
    // Pegboard with tools.
    c.body.push(
      `<rect x="160" y="120" width="620" height="420" rx="10" fill="#d9c29f" stroke="#8c6a47" stroke-width="8"/>`,
    );
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 8; j++)
        c.body.push(`<circle cx="${190 + i * 50}" cy="${145 + j * 50}" r="5" fill="#a3865f"/>`);
    c.body.push(
      `<rect x="230" y="180" width="24" height="200" rx="6" fill="#4a4f55"/><rect x="214" y="360" width="56" height="90" rx="10" fill="#c8362d"/>`,
      `<path d="M360 180l40 0l0 60l-14 0l0 200l-12 0l0 -200l-14 0z" fill="#8a9097"/>`,
      `<circle cx="520" cy="260" r="70" fill="none" stroke="#2b2e33" stroke-width="18"/><rect x="600" y="180" width="30" height="260" rx="10" fill="#f08a24"/>`,
    );
    // Snowshoes on hooks, drawn with the product art.
    c.defs.push(...metalDefs());
    ['#c8362d', '#1f9e9a', '#f08a24'].forEach((colour, i) => {
      const x = 960 + i * 200;
      const shoe = snowshoeTop(WORKSHOP_SHOE, colour, `ws${i}`);
      c.defs.push(...shoe.defs);
      c.body.push(
        `<circle cx="${x}" cy="140" r="9" fill="#333"/><g transform="translate(${x} 330) scale(0.24)">${shoe.body}</g>`,
      );
    });
    // Bench with a snowshoe being assembled.
    c.body.push(
      `<rect x="0" y="640" width="${SCENE_W}" height="60" fill="#6e4f33"/><rect x="0" y="700" width="${SCENE_W}" height="300" fill="#5a3f28"/>`,
      `<rect x="80" y="700" width="60" height="300" fill="#4a331f"/><rect x="2260" y="700" width="60" height="300" fill="#4a331f"/>`,
      `<g transform="translate(1130 605) scale(1 0.38) rotate(-90) scale(0.3)">${snowshoeTop(WORKSHOP_SHOE, '#6fa8d6', 'bench').body}</g>`,
      `<rect x="1500" y="590" width="160" height="50" rx="10" fill="#c8362d"/><rect x="1520" y="560" width="30" height="40" fill="#8a9097"/>`,
      `<circle cx="700" cy="615" r="22" fill="#8a9097"/><circle cx="760" cy="620" r="16" fill="#8a9097"/>`,
    );
    // Lamp glow.
    c.body.push(
      `<polygon points="1300,0 1340,0 1500,560 1120,560" fill="#fff3c4" opacity="0.15"/><rect x="1290" y="0" width="60" height="40" fill="#333"/>`,
    );
    void rng;
  },
  'lifestyle-dealer-shop'(c, rng) {
    sky(c, '#a8c8e4', '#eef4f9');
    mountains(c, rng, 380, 280, '#9cb2c8', 130, 0.25);
    forest(c, rng, 560, 30, 200, '#3c6656', true);
    // Shop front: timber facade, snowy roof, sign, windows with snowshoes, door, lamps.
    c.body.push(
      `<polygon points="600,380 1200,180 1800,380" fill="#5a3f28"/>`,
      `<polygon points="580,390 1200,170 1820,390 1800,400 1200,200 600,400" fill="#ffffff"/>`,
      `<rect x="640" y="380" width="1120" height="480" fill="${gradient(c, [
        [0, '#8c6443'],
        [1, '#6e4c31'],
      ])}"/>`,
    );
    for (let i = 0; i < 12; i++)
      c.body.push(
        `<line x1="640" y1="${400 + i * 40}" x2="1760" y2="${400 + i * 40}" stroke="#5a3f28" stroke-width="3"/>`,
      );
    c.body.push(
      `<rect x="940" y="250" width="520" height="110" rx="12" fill="#1d1f21"/>`,
      logoMark(1010, 305, 80, '#ffffff', 9),
      `<rect x="1070" y="285" width="340" height="16" rx="8" fill="#ffffff"/><rect x="1070" y="313" width="220" height="10" rx="5" fill="#c8362d"/>`,
    );
    for (const wx of [700, 1330]) {
      c.body.push(
        `<rect x="${wx}" y="470" width="370" height="280" fill="#cfe3f2" stroke="#3b2a1b" stroke-width="14"/><rect x="${wx}" y="470" width="370" height="280" fill="#fff7d6" opacity="0.35"/>`,
      );
      for (let i = 0; i < 3; i++) {
        const x = wx + 80 + i * 105;
        c.body.push(
          `<path d="${smoothPath([
            [x, 520],
            [x + 34, 540],
            [x + 40, 620],
            [x + 24, 690],
            [x, 710],
            [x - 24, 690],
            [x - 40, 620],
            [x - 34, 540],
          ])}" fill="#23262b" stroke="${['#c8362d', '#6fa8d6', '#f08a24', '#1f9e9a'][(i + wx) % 4]}" stroke-width="9"/>`,
        );
      }
    }
    c.body.push(
      `<rect x="1110" y="560" width="180" height="300" fill="#3b2a1b"/><rect x="1130" y="580" width="140" height="150" fill="#cfe3f2" opacity="0.8"/><circle cx="1260" cy="720" r="9" fill="#d8b36a"/>`,
      `<path d="M620 460L1780 460L1740 400L660 400Z" fill="#c8362d"/>`,
    );
    for (let i = 0; i < 12; i++)
      c.body.push(
        `<path d="M${660 + i * 90} 400L${660 + i * 90 + 45} 400L${620 + i * 96 + 22} 462Z" fill="#ffffff" opacity="0.25"/>`,
      );
    snowfield(c, 850, 8, '#ffffff', '#dbe6ee');
    c.body.push(
      person({ x: 1900, y: 930, h: 200, jacket: '#1e2a44', pack: '#c8362d', stride: 0.4, facing: -1 }),
      person({ x: 420, y: 940, h: 190, jacket: '#8e2c5a', stride: 0.6 }),
    );
    snowflakes(c, rng, 60, 0.6);
  },
};

export interface SceneInfo {
  alt: string;
  poi: { x: number; y: number; w: number; h: number };
}

export const SCENES: Record<string, SceneInfo> = {
  'banner-powder-day': {
    alt: 'A snowshoer breaking trail through fresh powder below snowy peaks',
    poi: { x: 0.4, y: 0.55, w: 0.2, h: 0.35 },
  },
  'banner-dawn-summit': {
    alt: 'Two snowshoers on a summit ridge at dawn',
    poi: { x: 0.42, y: 0.4, w: 0.16, h: 0.25 },
  },
  'banner-backcountry': {
    alt: 'Two snowshoers crossing a wide backcountry snowfield under high peaks',
    poi: { x: 0.6, y: 0.55, w: 0.15, h: 0.3 },
  },
  'banner-kids': {
    alt: 'Children playing on snowshoes beside a snowman',
    poi: { x: 0.3, y: 0.6, w: 0.45, h: 0.35 },
  },
  'lifestyle-forest-trail': {
    alt: 'Two snowshoers on a forest trail between snowy firs',
    poi: { x: 0.48, y: 0.55, w: 0.1, h: 0.3 },
  },
  'lifestyle-family-outing': {
    alt: 'A family of four out on snowshoes on a sunny day',
    poi: { x: 0.38, y: 0.6, w: 0.25, h: 0.35 },
  },
  'lifestyle-race-start': {
    alt: 'Runners leaving the start arch of a winter snowshoe race',
    poi: { x: 0.3, y: 0.25, w: 0.45, h: 0.65 },
  },
  'lifestyle-night-trail': {
    alt: 'Two runners with headlamps on a night trail under the stars',
    poi: { x: 0.44, y: 0.55, w: 0.18, h: 0.3 },
  },
  'lifestyle-workshop': {
    alt: 'The Ridgeline workshop: snowshoe frames on hooks above a workbench',
    poi: { x: 0.38, y: 0.1, w: 0.3, h: 0.55 },
  },
  'lifestyle-dealer-shop': {
    alt: 'A Ridgeline dealer shop front in the snow, snowshoes in the windows',
    poi: { x: 0.27, y: 0.2, w: 0.46, h: 0.65 },
  },
};

/** The SVG original of one scene (deterministic: a seeded random source per id). */
export function drawScene(id: string): string {
  const draw = SCENE_DRAWINGS[id];
  if (!draw) throw new Error(`No scene ${id}`);
  gradientCount = 0;
  const canvas: Canvas = { defs: [], body: [] };
  draw(canvas, random(id));
  return svgDocument(SCENE_W, SCENE_H, SCENES[id]?.alt ?? id, canvas.defs, canvas.body);
}
