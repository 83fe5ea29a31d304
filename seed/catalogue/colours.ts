/** The demo catalogue's colour palette: slug (used in media names and URLs), label and swatch hex. */
export interface CatalogueColour {
  slug: string;
  label: string;
  hex: string;
}

const palette = {
  black: { slug: 'black', label: 'Black', hex: '#1d1f21' },
  graphite: { slug: 'graphite', label: 'Graphite', hex: '#4a4f55' },
  glacier: { slug: 'glacier', label: 'Glacier Blue', hex: '#6fa8d6' },
  summit: { slug: 'summit-red', label: 'Summit Red', hex: '#c8362d' },
  alpenglow: { slug: 'alpenglow', label: 'Alpenglow', hex: '#ef7f5a' },
  spruce: { slug: 'spruce', label: 'Spruce Green', hex: '#2f5d46' },
  lichen: { slug: 'lichen', label: 'Lichen', hex: '#9bae72' },
  aurora: { slug: 'aurora', label: 'Aurora Teal', hex: '#1f9e9a' },
  sunrise: { slug: 'sunrise', label: 'Sunrise Orange', hex: '#f08a24' },
  snow: { slug: 'snow', label: 'Snow White', hex: '#f3f5f7' },
  midnight: { slug: 'midnight', label: 'Midnight Navy', hex: '#1e2a44' },
  berry: { slug: 'berry', label: 'Wild Berry', hex: '#8e2c5a' },
  lupine: { slug: 'lupine', label: 'Lupine Purple', hex: '#6b4fa0' },
  sand: { slug: 'sand', label: 'Dune Sand', hex: '#c9b28b' },
  citron: { slug: 'citron', label: 'Citron', hex: '#d8d23a' },
  slate: { slug: 'slate', label: 'Slate Blue', hex: '#4c6680' },
} as const satisfies Record<string, CatalogueColour>;

export type ColourKey = keyof typeof palette;
export const COLOURS: Readonly<Record<ColourKey, CatalogueColour>> = palette;

export function colours(...keys: ColourKey[]): CatalogueColour[] {
  return keys.map((key) => ({ ...palette[key] }));
}
