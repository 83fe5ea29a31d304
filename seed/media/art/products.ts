import {
  drawApparel,
  drawBag,
  drawBeanie,
  drawBinding,
  drawGaiter,
  drawGlove,
  drawPole,
  drawTraction,
} from './accessories.ts';
import { backdrop, metalDefs, shadow, TILE_H, TILE_W } from './common.ts';
import { type BindingStyle, type SnowshoeSpec, snowshoeSide, snowshoeTop } from './snowshoe.ts';
import { svgDocument } from './svg.ts';

/** What the drawings need to know about a catalogue product (seed/catalogue's CatalogueProduct fits). */
export interface DrawableProduct {
  slug: string;
  name: string;
  categoryPath: string;
  imageKind: string;
  specs: ReadonlyArray<{ name: string; value: string }>;
}

export type ProductView = 'main' | 'side' | 'detail';

interface Drawing {
  defs: string[];
  body: string;
  /** Where the detail view zooms in, and how far. */
  focus: { x: number; y: number; scale: number };
  /** Point of interest as fractions of the tile. */
  poi: { x: number; y: number; w: number; h: number };
}

const spec = (product: DrawableProduct, name: string) =>
  product.specs.find((s) => s.name.toLowerCase() === name.toLowerCase())?.value ?? '';

export function snowshoeSpecFor(product: DrawableProduct): SnowshoeSpec {
  const binding = spec(product, 'Binding').toLowerCase();
  const terrain = spec(product, 'Terrain').toLowerCase();
  const frame = spec(product, 'Frame').toLowerCase();
  const running = product.imageKind === 'running-snowshoe';
  const kids = product.categoryPath.endsWith('/kids');
  const womens = product.categoryPath.endsWith('/womens');
  const backcountry = product.categoryPath.endsWith('/backcountry');
  const style: BindingStyle = binding.includes('dial')
    ? 'dial'
    : binding.includes('ratchet')
      ? 'ratchet'
      : binding.includes('three')
        ? 'straps3'
        : binding.includes('one-pull')
          ? 'one-pull'
          : binding.includes('run')
            ? 'run'
            : 'straps2';
  const flat = terrain.startsWith('flat') && !terrain.includes('rolling');
  return {
    length: running ? 1380 : kids ? 1080 : backcountry ? 1640 : womens ? 1420 : 1520,
    width: running ? 400 : kids ? 430 : backcountry ? 560 : womens ? 470 : 520,
    taper: womens ? 0.55 : running ? 0.4 : 0.15,
    asym: running ? 0.55 : 0,
    binding: style,
    rails: !flat && !kids,
    heelLift: /mountain|steep|traverse|all conditions|backcountry/.test(terrain) || backcountry,
    colouredDeck: running || frame.includes('composite'),
  };
}

function snowshoePair(product: DrawableProduct, hex: string): Drawing {
  const s = snowshoeSpecFor(product);
  const left = snowshoeTop(s, hex, 'l');
  const right = snowshoeTop(s, hex, 'r');
  const cy = TILE_H / 2 + 10;
  const gap = s.width * 0.47;
  const lx = TILE_W / 2 - gap;
  const rx = TILE_W / 2 + gap;
  const body = [
    shadow(lx + 30, cy + 40, s.width * 0.7, s.length * 0.56, 0.8, -5),
    shadow(rx + 30, cy + 60, s.width * 0.7, s.length * 0.56, 0.8, 5),
    `<g transform="translate(${lx} ${cy - 30}) rotate(-5)">${left.body}</g>`,
    `<g transform="translate(${rx} ${cy + 20}) rotate(5)">${right.body}</g>`,
  ].join('');
  const by = cy + 20 - 0.075 * s.length;
  return {
    defs: [...left.defs, ...right.defs],
    body,
    focus: { x: rx + 0.075 * s.length * Math.sin((5 * Math.PI) / 180), y: by, scale: 2.1 },
    poi: { x: 0.12, y: (cy - s.length / 2) / TILE_H, w: 0.76, h: s.length / TILE_H },
  };
}

/** A single shoe lying on the floor seen at an angle, above its profile. */
function snowshoeAngle(product: DrawableProduct, hex: string): Drawing {
  const s = snowshoeSpecFor(product);
  const top = snowshoeTop(s, hex, 'a');
  const k = Math.min(1.3, 1500 / s.length);
  const cx = TILE_W / 2;
  const cy = TILE_H * 0.4;
  const profileScale = Math.min(1.2, 1350 / s.length);
  return {
    defs: top.defs,
    body: [
      shadow(cx + 20, cy + 40, s.length * 0.55 * k, s.width * 0.55 * k, 0.8, -24),
      `<g transform="translate(${cx} ${cy}) rotate(-24) scale(${(k * 0.62).toFixed(3)} ${k.toFixed(3)}) rotate(90)">${top.body}</g>`,
      `<g transform="translate(${cx} ${TILE_H * 0.8}) scale(${profileScale.toFixed(3)})">${snowshoeSide(s, hex)}</g>`,
    ].join(''),
    focus: { x: cx, y: cy, scale: 1.6 },
    poi: { x: 0.05, y: 0.15, w: 0.9, h: 0.75 },
  };
}

function drawing(product: DrawableProduct, hex: string, view: ProductView): Drawing {
  switch (product.imageKind) {
    case 'snowshoe':
    case 'running-snowshoe':
      return view === 'side' ? snowshoeAngle(product, hex) : snowshoePair(product, hex);
    default: {
      const v = view === 'side' ? 'side' : 'main';
      switch (product.imageKind) {
        case 'pole':
          return drawPole(product.slug, hex, v);
        case 'binding':
          return drawBinding(product.slug, hex, v);
        case 'gaiter':
          return drawGaiter(product.slug, hex, v);
        case 'traction':
          return drawTraction(product.slug, hex, v);
        case 'bag':
          return drawBag(product.slug, hex, v);
        case 'beanie':
          return drawBeanie(product.slug, hex, v);
        case 'glove':
          return drawGlove(product.slug, hex, v);
        default:
          return drawApparel(product.slug, hex, v);
      }
    }
  }
}

/** The SVG original of one product colour in one view (1600x2133, the 3:4 tile ratio). */
export function drawProductImage(
  product: DrawableProduct,
  hex: string,
  view: ProductView,
  /** Alternative text, the SVG title. */
  alt: string,
): { svg: string; poi: Drawing['poi'] } {
  const art = drawing(product, hex, view);
  const bg = backdrop();
  let body = art.body;
  if (view === 'detail') {
    const { x, y, scale } = art.focus;
    body = `<g transform="translate(${TILE_W / 2} ${TILE_H / 2}) scale(${scale}) translate(${-x} ${-y})">${body}</g>`;
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const poi =
    view === 'detail'
      ? { x: 0.2, y: 0.2, w: 0.6, h: 0.6 }
      : { x: round(art.poi.x), y: round(art.poi.y), w: round(art.poi.w), h: round(art.poi.h) };
  return {
    svg: svgDocument(TILE_W, TILE_H, alt, [...bg.defs, ...metalDefs(), ...art.defs], [bg.body, body]),
    poi,
  };
}
