import { type CatalogueColour, colours } from './colours.ts';

/**
 * The demo catalogue of Ridgeline Snowshoe Co. as readable data. Other parts of the platform read this list:
 * the content service makes one product entry per `slug` (URLs /{lang}/p/{slug}), the media service draws one
 * original per product × colour named `{slug}-{colour.slug}`. Keep slugs stable.
 */

export type CategoryKey =
  | 'snowshoes/mens'
  | 'snowshoes/womens'
  | 'snowshoes/kids'
  | 'snowshoes/running'
  | 'snowshoes/backcountry'
  | 'accessories/poles'
  | 'accessories/bindings'
  | 'accessories/gaiters'
  | 'accessories/traction'
  | 'accessories/bags'
  | 'accessories/apparel';

export type ImageKind =
  | 'snowshoe'
  | 'running-snowshoe'
  | 'pole'
  | 'binding'
  | 'gaiter'
  | 'traction'
  | 'bag'
  | 'apparel'
  | 'beanie'
  | 'glove';

export interface CatalogueSpec {
  name: string;
  value: string;
}

export interface CatalogueProduct {
  slug: string;
  name: string;
  sku: string;
  category: 'snowshoes' | 'accessories';
  subcategory: string;
  /** `category/subcategory`, the commerce category path. */
  categoryPath: CategoryKey;
  imageKind: ImageKind;
  colours: CatalogueColour[];
  /** Size option values, or none when the product comes in one size. */
  sizes: string[];
  description: string;
  specs: CatalogueSpec[];
  /** Retail price in USD; other regions' prices derive from it (see prices.ts). */
  priceUsd: number;
  salePriceUsd?: number;
  isNew?: boolean;
  isRedesigned?: boolean;
  outOfStock?: boolean;
  /** No longer sold: the product page answers 410. */
  discontinued?: boolean;
}

type Entry = Omit<CatalogueProduct, 'category' | 'subcategory' | 'sku' | 'sizes'> & { sizes?: string[] };

const ADULT_SHOE_SIZES = ['22 in', '25 in', '30 in'];
const RUNNING_SIZES = ['22 in', '25 in'];
const KIDS_SIZES = ['17 in', '19 in'];
const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const SML = ['S', 'M', 'L'];
const GLOVE_SIZES = ['S', 'M', 'L', 'XL'];

function shoeSpecs(frame: string, weightG: number, maxLoadKg: number, terrain: string, binding: string) {
  return [
    { name: 'Frame', value: frame },
    { name: 'Weight (pair, 25 in)', value: `${weightG} g` },
    { name: 'Recommended load', value: `up to ${maxLoadKg} kg` },
    { name: 'Terrain', value: terrain },
    { name: 'Binding', value: binding },
    { name: 'Warranty', value: '5 years' },
  ];
}

const ENTRIES: Entry[] = [
  // Men's
  {
    slug: 'ridgeline-summit-trail-mens',
    name: "Summit Trail Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('summit', 'graphite', 'glacier'),
    sizes: ADULT_SHOE_SIZES,
    description:
      'An all-mountain snowshoe with a steel-toothed crampon and heel lift for rolling trails and steep pitches alike.',
    specs: shoeSpecs('6061 aluminium tube', 1860, 113, 'Rolling to mountainous', 'Ratchet FastTrak'),
    priceUsd: 249.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-summit-ascent-mens',
    name: "Summit Ascent Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('black', 'summit', 'spruce', 'sunrise'),
    sizes: ADULT_SHOE_SIZES,
    description:
      'Our flagship climbing shoe: perimeter traction rails, a two-position heel lift and a BOA-style dial binding.',
    specs: shoeSpecs('Stamped steel rails on composite deck', 1980, 127, 'Mountainous', 'Dial Lock'),
    priceUsd: 329.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-timberline-mens',
    name: "Timberline Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('graphite', 'spruce'),
    sizes: ADULT_SHOE_SIZES,
    description: 'A forgiving day-hiking snowshoe for packed forest trails and open meadows.',
    specs: shoeSpecs('6061 aluminium tube', 1720, 100, 'Flat to rolling', 'Two-strap EZ'),
    priceUsd: 169.95,
    salePriceUsd: 139.95,
  },
  {
    slug: 'ridgeline-cascade-mens',
    name: "Cascade Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('glacier', 'midnight', 'black'),
    sizes: ADULT_SHOE_SIZES,
    description: 'A lightweight composite shoe with serrated side rails that bite on icy traverses.',
    specs: shoeSpecs('Injection-moulded composite', 1640, 100, 'Rolling', 'Ratchet FastTrak'),
    priceUsd: 199.95,
  },
  {
    slug: 'ridgeline-granite-peak-mens',
    name: "Granite Peak Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('slate', 'summit'),
    sizes: ADULT_SHOE_SIZES,
    description:
      'Built for winter ascents of 4,000-footers: full-length traction bars and an aggressive toe crampon.',
    specs: shoeSpecs('7075 aluminium tube', 2020, 136, 'Steep and icy', 'Dial Lock'),
    priceUsd: 289.95,
    salePriceUsd: 244.95,
  },
  {
    slug: 'ridgeline-pathfinder-mens',
    name: "Pathfinder Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('black'),
    sizes: ADULT_SHOE_SIZES,
    description:
      'Our entry-level shoe for first snowy walks: easy on, easy off, and tough enough for years of weekends.',
    specs: shoeSpecs('Steel tube', 1900, 100, 'Flat', 'Three-strap'),
    priceUsd: 119.95,
  },
  {
    slug: 'ridgeline-frontier-mens',
    name: "Frontier Men's Snowshoe",
    categoryPath: 'snowshoes/mens',
    imageKind: 'snowshoe',
    colours: colours('spruce', 'sand', 'graphite'),
    sizes: ADULT_SHOE_SIZES,
    description:
      'A hunting and forestry workhorse with a quiet decking and a wide, floatation-first footprint.',
    specs: shoeSpecs('6061 aluminium tube', 2100, 159, 'Deep powder', 'Three-strap'),
    priceUsd: 229.95,
    outOfStock: true,
  },
  // Women's
  {
    slug: 'ridgeline-summit-trail-womens',
    name: "Summit Trail Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('berry', 'aurora', 'glacier'),
    sizes: ['21 in', '25 in'],
    description:
      "A women's-specific frame with a tapered tail for a natural stride on rolling and mountain trails.",
    specs: shoeSpecs('6061 aluminium tube', 1700, 100, 'Rolling to mountainous', 'Ratchet FastTrak'),
    priceUsd: 249.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-summit-ascent-womens',
    name: "Summit Ascent Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('lupine', 'alpenglow', 'black', 'snow'),
    sizes: ['21 in', '25 in'],
    description: 'The climbing flagship, tuned for smaller boots and a narrower stance.',
    specs: shoeSpecs('Stamped steel rails on composite deck', 1820, 113, 'Mountainous', 'Dial Lock'),
    priceUsd: 329.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-timberline-womens',
    name: "Timberline Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('aurora', 'berry'),
    sizes: ['21 in', '25 in'],
    description: 'A forgiving day-hiking snowshoe for packed forest trails and open meadows.',
    specs: shoeSpecs('6061 aluminium tube', 1580, 91, 'Flat to rolling', 'Two-strap EZ'),
    priceUsd: 169.95,
    salePriceUsd: 139.95,
  },
  {
    slug: 'ridgeline-cascade-womens',
    name: "Cascade Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('glacier', 'lupine', 'snow'),
    sizes: ['21 in', '25 in'],
    description: 'A lightweight composite shoe with serrated side rails for icy traverses.',
    specs: shoeSpecs('Injection-moulded composite', 1520, 91, 'Rolling', 'Ratchet FastTrak'),
    priceUsd: 199.95,
  },
  {
    slug: 'ridgeline-aspen-womens',
    name: "Aspen Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('alpenglow', 'lichen'),
    sizes: ['21 in', '25 in'],
    description: 'A compact, quiet walking shoe for lakeside loops and groomed trails.',
    specs: shoeSpecs('Steel tube', 1640, 91, 'Flat', 'Two-strap EZ'),
    priceUsd: 139.95,
    salePriceUsd: 109.95,
  },
  {
    slug: 'ridgeline-granite-peak-womens',
    name: "Granite Peak Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('berry', 'slate'),
    sizes: ['21 in', '25 in'],
    description: 'Aggressive traction for steep, icy winter summits, on a narrower women-specific frame.',
    specs: shoeSpecs('7075 aluminium tube', 1880, 113, 'Steep and icy', 'Dial Lock'),
    priceUsd: 289.95,
  },
  {
    slug: 'ridgeline-meadow-womens',
    name: "Meadow Women's Snowshoe",
    categoryPath: 'snowshoes/womens',
    imageKind: 'snowshoe',
    colours: colours('snow', 'lupine', 'aurora', 'alpenglow', 'citron'),
    sizes: ['21 in', '25 in'],
    description: 'A cheerful, easy-going shoe for first steps on snow.',
    specs: shoeSpecs('Steel tube', 1700, 91, 'Flat', 'Three-strap'),
    priceUsd: 119.95,
    isNew: true,
  },
  // Kids'
  {
    slug: 'ridgeline-cub-kids',
    name: "Cub Kids' Snowshoe",
    categoryPath: 'snowshoes/kids',
    imageKind: 'snowshoe',
    colours: colours('sunrise', 'glacier', 'citron'),
    sizes: KIDS_SIZES,
    description: 'Sized for ages 4–8 with a one-pull binding small hands can work with mittens on.',
    specs: shoeSpecs('Composite deck', 900, 36, 'Flat', 'One-pull'),
    priceUsd: 64.95,
  },
  {
    slug: 'ridgeline-trailblazer-kids',
    name: "Trailblazer Kids' Snowshoe",
    categoryPath: 'snowshoes/kids',
    imageKind: 'snowshoe',
    colours: colours('summit', 'aurora', 'lupine'),
    sizes: KIDS_SIZES,
    description: 'A real aluminium-frame shoe for ages 8–12 who keep up on family hikes.',
    specs: shoeSpecs('6061 aluminium tube', 1100, 45, 'Flat to rolling', 'Two-strap EZ'),
    priceUsd: 89.95,
    salePriceUsd: 74.95,
  },
  {
    slug: 'ridgeline-snowpup-kids',
    name: "Snowpup Kids' Snowshoe",
    categoryPath: 'snowshoes/kids',
    imageKind: 'snowshoe',
    colours: colours('berry', 'citron'),
    sizes: ['16 in'],
    description: 'Tiny, tough and bright, for toddlers and their first snow day.',
    specs: shoeSpecs('Composite deck', 700, 25, 'Flat', 'One-pull'),
    priceUsd: 44.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-junior-explorer-kids',
    name: "Junior Explorer Kids' Snowshoe",
    categoryPath: 'snowshoes/kids',
    imageKind: 'snowshoe',
    colours: colours('spruce', 'sunrise'),
    sizes: KIDS_SIZES,
    description: 'An adventure-ready kit shoe with a toe crampon for older kids on real trails.',
    specs: shoeSpecs('6061 aluminium tube', 1180, 50, 'Rolling', 'Two-strap EZ'),
    priceUsd: 99.95,
    isRedesigned: true,
  },
  // Running
  {
    slug: 'ridgeline-velocity-run',
    name: 'Velocity Running Snowshoe',
    categoryPath: 'snowshoes/running',
    imageKind: 'running-snowshoe',
    colours: colours('citron', 'black', 'alpenglow'),
    sizes: RUNNING_SIZES,
    description:
      'A race-day snowshoe with an asymmetric frame and a stride-length deck for winter trail racing.',
    specs: shoeSpecs('7075 aluminium, asymmetric', 1060, 90, 'Packed trail, racing', 'Quick-pull run strap'),
    priceUsd: 279.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-tempo-run',
    name: 'Tempo Running Snowshoe',
    categoryPath: 'snowshoes/running',
    imageKind: 'running-snowshoe',
    colours: colours('aurora', 'sunrise'),
    sizes: RUNNING_SIZES,
    description: 'A training shoe that handles daily miles on groomed and packed trails.',
    specs: shoeSpecs('6061 aluminium tube', 1180, 90, 'Packed trail', 'Quick-pull run strap'),
    priceUsd: 219.95,
    salePriceUsd: 184.95,
  },
  {
    slug: 'ridgeline-sprint-run',
    name: 'Sprint Running Snowshoe',
    categoryPath: 'snowshoes/running',
    imageKind: 'running-snowshoe',
    colours: colours('summit'),
    sizes: ['22 in'],
    description: 'The lightest shoe we make, for snowshoe sprints and short course racing.',
    specs: shoeSpecs('Carbon-reinforced composite', 940, 80, 'Groomed course', 'Quick-pull run strap'),
    priceUsd: 299.95,
    outOfStock: true,
  },
  {
    slug: 'ridgeline-ultra-run',
    name: 'Ultra Running Snowshoe',
    categoryPath: 'snowshoes/running',
    imageKind: 'running-snowshoe',
    colours: colours('midnight', 'citron', 'snow'),
    sizes: RUNNING_SIZES,
    description: 'Cushioned decking and a wider tail for long winter ultras over mixed snow.',
    specs: shoeSpecs('6061 aluminium, asymmetric', 1240, 95, 'Mixed snow, long distance', 'Dial Lock'),
    priceUsd: 259.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-fell-run',
    name: 'Fell Running Snowshoe',
    categoryPath: 'snowshoes/running',
    imageKind: 'running-snowshoe',
    colours: colours('lichen', 'black'),
    sizes: RUNNING_SIZES,
    description: 'Short, nimble and grippy for steep fell and mountain running in winter.',
    specs: shoeSpecs('Composite with steel rails', 1120, 90, 'Steep, technical', 'Quick-pull run strap'),
    priceUsd: 239.95,
  },
  {
    slug: 'ridgeline-night-trail-run',
    name: 'Night Trail Running Snowshoe',
    categoryPath: 'snowshoes/running',
    imageKind: 'running-snowshoe',
    colours: colours('black', 'sunrise'),
    sizes: RUNNING_SIZES,
    description: 'Reflective frame accents and a glove-friendly strap for pre-dawn and after-work runs.',
    specs: shoeSpecs('6061 aluminium, asymmetric', 1160, 90, 'Packed trail', 'Quick-pull run strap'),
    priceUsd: 229.95,
    salePriceUsd: 194.95,
  },
  // Backcountry
  {
    slug: 'ridgeline-backcountry-expedition',
    name: 'Expedition Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('sunrise', 'black'),
    sizes: ['25 in', '30 in', '36 in'],
    description:
      'Float for heavy packs in deep, untracked snow, with replaceable crampons for multi-week trips.',
    specs: shoeSpecs('7075 aluminium tube', 2300, 181, 'Deep backcountry powder', 'Dial Lock'),
    priceUsd: 379.95,
  },
  {
    slug: 'ridgeline-backcountry-couloir',
    name: 'Couloir Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('summit', 'slate'),
    sizes: ADULT_SHOE_SIZES,
    description: 'Steep-terrain traction for approaching ski lines and alpine climbs.',
    specs: shoeSpecs('Stamped steel rails on composite deck', 2050, 136, 'Steep and icy', 'Dial Lock'),
    priceUsd: 349.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-backcountry-tundra',
    name: 'Tundra Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('spruce', 'sand'),
    sizes: ['30 in', '36 in'],
    description: 'The biggest footprint we make for open-country travel on soft snow.',
    specs: shoeSpecs('6061 aluminium tube', 2400, 181, 'Open powder', 'Three-strap'),
    priceUsd: 299.95,
    salePriceUsd: 254.95,
  },
  {
    slug: 'ridgeline-backcountry-alpine-guide',
    name: 'Alpine Guide Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('glacier', 'summit', 'graphite', 'black', 'sunrise', 'snow'),
    sizes: ADULT_SHOE_SIZES,
    description: 'Chosen by guides: serviceable in the field, with a heel lift you can flip with a pole tip.',
    specs: shoeSpecs('7075 aluminium tube', 2080, 150, 'Mountainous', 'Dial Lock'),
    priceUsd: 399.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-backcountry-ridgewalker',
    name: 'Ridgewalker Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('midnight', 'lichen'),
    sizes: ADULT_SHOE_SIZES,
    description: 'A sidehill specialist with a rotating toe for long, wind-scoured ridgelines.',
    specs: shoeSpecs('6061 aluminium tube', 1980, 136, 'Traverses', 'Ratchet FastTrak'),
    priceUsd: 319.95,
  },
  {
    slug: 'ridgeline-backcountry-basecamp',
    name: 'Basecamp Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('sand', 'graphite', 'spruce'),
    sizes: ['25 in', '30 in'],
    description: 'A value backcountry shoe for hut trips and winter camping.',
    specs: shoeSpecs('Steel tube', 2250, 150, 'Rolling powder', 'Three-strap'),
    priceUsd: 209.95,
  },
  {
    slug: 'ridgeline-backcountry-nordic-classic',
    name: 'Nordic Classic Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('black'),
    sizes: ADULT_SHOE_SIZES,
    description: 'Our long-running classic, no longer made: replaced by the Alpine Guide.',
    specs: shoeSpecs('6061 aluminium tube', 2150, 136, 'Rolling powder', 'Ratchet'),
    priceUsd: 259.95,
    discontinued: true,
  },
  {
    slug: 'ridgeline-backcountry-whiteout',
    name: 'Whiteout Backcountry Snowshoe',
    categoryPath: 'snowshoes/backcountry',
    imageKind: 'snowshoe',
    colours: colours('snow', 'summit'),
    sizes: ADULT_SHOE_SIZES,
    description: 'High-visibility frame and decking for storm days and search-and-rescue teams.',
    specs: shoeSpecs('7075 aluminium tube', 2100, 159, 'All conditions', 'Dial Lock'),
    priceUsd: 359.95,
    outOfStock: true,
  },

  // Poles
  {
    slug: 'ridgeline-trail-pole-3',
    name: 'Trail 3-Section Pole',
    categoryPath: 'accessories/poles',
    imageKind: 'pole',
    colours: colours('graphite', 'glacier'),
    description: 'Telescoping aluminium poles with powder baskets and flick locks, adjustable 105–140 cm.',
    specs: [
      { name: 'Length', value: '105–140 cm' },
      { name: 'Material', value: '7075 aluminium' },
      { name: 'Weight (pair)', value: '540 g' },
      { name: 'Baskets', value: '95 mm snow' },
    ],
    priceUsd: 69.95,
  },
  {
    slug: 'ridgeline-carbon-summit-pole',
    name: 'Carbon Summit Pole',
    categoryPath: 'accessories/poles',
    imageKind: 'pole',
    colours: colours('black', 'summit'),
    description: 'Full carbon shafts and cork grips for long days above treeline.',
    specs: [
      { name: 'Length', value: '110–135 cm' },
      { name: 'Material', value: 'Carbon fibre' },
      { name: 'Weight (pair)', value: '390 g' },
      { name: 'Baskets', value: '95 mm snow' },
    ],
    priceUsd: 149.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-run-fold-pole',
    name: 'Run Fold Pole',
    categoryPath: 'accessories/poles',
    imageKind: 'pole',
    colours: colours('citron', 'black'),
    sizes: ['110 cm', '120 cm', '130 cm'],
    description: 'Z-folding running poles that stow in a vest pocket in seconds.',
    specs: [
      { name: 'Material', value: 'Carbon fibre' },
      { name: 'Weight (pair)', value: '290 g' },
      { name: 'Folded length', value: '38 cm' },
    ],
    priceUsd: 129.95,
    salePriceUsd: 104.95,
  },
  {
    slug: 'ridgeline-kids-explorer-pole',
    name: "Kids' Explorer Pole",
    categoryPath: 'accessories/poles',
    imageKind: 'pole',
    colours: colours('sunrise', 'aurora'),
    description: 'Short, light telescoping poles sized for kids from 80 to 105 cm.',
    specs: [
      { name: 'Length', value: '80–105 cm' },
      { name: 'Material', value: '6061 aluminium' },
      { name: 'Weight (pair)', value: '380 g' },
    ],
    priceUsd: 39.95,
  },
  {
    slug: 'ridgeline-backcountry-probe-pole',
    name: 'Backcountry Probe Pole',
    categoryPath: 'accessories/poles',
    imageKind: 'pole',
    colours: colours('black'),
    description: 'Converts to an avalanche probe when it matters most.',
    specs: [
      { name: 'Length', value: '115–140 cm' },
      { name: 'Probe length', value: '240 cm' },
      { name: 'Weight (pair)', value: '620 g' },
    ],
    priceUsd: 119.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-powder-basket-set',
    name: 'Powder Basket Set',
    categoryPath: 'accessories/poles',
    imageKind: 'pole',
    colours: colours('black', 'sunrise'),
    description: 'Oversized 120 mm baskets that snap onto any Ridgeline pole for deep snow.',
    specs: [
      { name: 'Diameter', value: '120 mm' },
      { name: 'Fits', value: 'Ridgeline poles 2018+' },
    ],
    priceUsd: 14.95,
  },
  // Bindings
  {
    slug: 'ridgeline-heel-lift-kit',
    name: 'Televator Heel Lift Kit',
    categoryPath: 'accessories/bindings',
    imageKind: 'binding',
    colours: colours('graphite'),
    description: 'Add a flip-up climbing bar to older Ridgeline frames.',
    specs: [
      { name: 'Fits', value: 'Ridgeline adult frames 2015+' },
      { name: 'Weight (pair)', value: '120 g' },
    ],
    priceUsd: 34.95,
    salePriceUsd: 28.95,
  },
  {
    slug: 'ridgeline-dial-lock-binding',
    name: 'Dial Lock Binding Kit',
    categoryPath: 'accessories/bindings',
    imageKind: 'binding',
    colours: colours('black', 'glacier'),
    description: 'Upgrade kit: a micro-adjust dial binding that fits every Ridgeline adult frame since 2019.',
    specs: [
      { name: 'Fits', value: 'Ridgeline adult frames 2019+' },
      { name: 'Boot sizes', value: "US men's 6–14" },
      { name: 'Weight', value: '410 g' },
    ],
    priceUsd: 89.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-fasttrak-binding',
    name: 'FastTrak Ratchet Binding Kit',
    categoryPath: 'accessories/bindings',
    imageKind: 'binding',
    colours: colours('graphite'),
    description: 'The ratchet strap binding from our Summit Trail, as a replacement kit.',
    specs: [
      { name: 'Fits', value: 'Ridgeline adult frames' },
      { name: 'Weight', value: '380 g' },
    ],
    priceUsd: 64.95,
  },
  {
    slug: 'ridgeline-run-strap-binding',
    name: 'Run Strap Binding Kit',
    categoryPath: 'accessories/bindings',
    imageKind: 'binding',
    colours: colours('citron', 'black'),
    description: 'A low-profile quick-pull strap for running shoes.',
    specs: [
      { name: 'Fits', value: 'Ridgeline running frames' },
      { name: 'Weight', value: '210 g' },
    ],
    priceUsd: 54.95,
    salePriceUsd: 44.95,
  },
  {
    slug: 'ridgeline-binding-strap-set',
    name: 'Replacement Strap Set',
    categoryPath: 'accessories/bindings',
    imageKind: 'binding',
    colours: colours('black'),
    description: 'Four spare straps and buckles for trailside repairs.',
    specs: [{ name: 'Contents', value: '4 straps, 4 buckles' }],
    priceUsd: 19.95,
  },
  // Gaiters
  {
    slug: 'ridgeline-trail-gaiter',
    name: 'Trail Gaiter',
    categoryPath: 'accessories/gaiters',
    imageKind: 'gaiter',
    colours: colours('black', 'spruce', 'midnight'),
    sizes: SML,
    description: 'Breathable, water-resistant gaiters that keep snow out of your boots on long days.',
    specs: [
      { name: 'Height', value: '40 cm' },
      { name: 'Fabric', value: '3-layer nylon' },
      { name: 'Closure', value: 'Front zip with storm flap' },
    ],
    priceUsd: 49.95,
  },
  {
    slug: 'ridgeline-expedition-gaiter',
    name: 'Expedition Gaiter',
    categoryPath: 'accessories/gaiters',
    imageKind: 'gaiter',
    colours: colours('black', 'sunrise'),
    sizes: SML,
    description: 'Knee-high, crampon-proof gaiters for deep snow and multi-day trips.',
    specs: [
      { name: 'Height', value: '46 cm' },
      { name: 'Fabric', value: '1000D Cordura lower' },
      { name: 'Closure', value: 'Rear zip' },
    ],
    priceUsd: 79.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-run-gaiter',
    name: 'Run Gaiter',
    categoryPath: 'accessories/gaiters',
    imageKind: 'gaiter',
    colours: colours('citron', 'aurora', 'black', 'alpenglow'),
    sizes: SML,
    description: 'Ankle gaiters that stretch over trail running shoes.',
    specs: [
      { name: 'Height', value: '18 cm' },
      { name: 'Fabric', value: 'Stretch softshell' },
    ],
    priceUsd: 34.95,
    salePriceUsd: 27.95,
  },
  {
    slug: 'ridgeline-kids-gaiter',
    name: "Kids' Snow Gaiter",
    categoryPath: 'accessories/gaiters',
    imageKind: 'gaiter',
    colours: colours('berry', 'glacier'),
    sizes: ['XS', 'S'],
    description: 'Easy Velcro gaiters for small adventurers.',
    specs: [
      { name: 'Height', value: '28 cm' },
      { name: 'Closure', value: 'Hook and loop' },
    ],
    priceUsd: 29.95,
    outOfStock: true,
  },
  // Traction
  {
    slug: 'ridgeline-ice-spike',
    name: 'Ice Spike Traction',
    categoryPath: 'accessories/traction',
    imageKind: 'traction',
    colours: colours('black'),
    sizes: SML,
    description: 'Stainless steel spikes on a stretch harness for icy trails and winter commutes.',
    specs: [
      { name: 'Spikes', value: '12 stainless, 10 mm' },
      { name: 'Weight (pair)', value: '370 g' },
    ],
    priceUsd: 69.95,
  },
  {
    slug: 'ridgeline-trail-crampon',
    name: 'Trail Crampon',
    categoryPath: 'accessories/traction',
    imageKind: 'traction',
    colours: colours('graphite'),
    sizes: SML,
    description: 'Hiking crampons with 18 points for steep frozen trails.',
    specs: [
      { name: 'Points', value: '18 steel' },
      { name: 'Weight (pair)', value: '520 g' },
    ],
    priceUsd: 89.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-run-stud',
    name: 'Run Stud Traction',
    categoryPath: 'accessories/traction',
    imageKind: 'traction',
    colours: colours('citron', 'black'),
    sizes: SML,
    description: 'Low-profile carbide studs for running on packed snow and ice.',
    specs: [
      { name: 'Studs', value: '10 carbide' },
      { name: 'Weight (pair)', value: '210 g' },
    ],
    priceUsd: 49.95,
    salePriceUsd: 39.95,
  },
  // Bags
  {
    slug: 'ridgeline-snowshoe-tote',
    name: 'Snowshoe Tote',
    categoryPath: 'accessories/bags',
    imageKind: 'bag',
    colours: colours('black', 'spruce', 'summit'),
    description: 'A padded, drainable carry bag for one pair of snowshoes up to 30 in.',
    specs: [
      { name: 'Fits', value: 'Snowshoes up to 30 in' },
      { name: 'Material', value: '600D polyester' },
    ],
    priceUsd: 39.95,
  },
  {
    slug: 'ridgeline-daypack-22',
    name: 'Ridgeline Daypack 22',
    categoryPath: 'accessories/bags',
    imageKind: 'bag',
    colours: colours('midnight', 'sunrise', 'graphite', 'lichen'),
    description: 'A 22-litre winter daypack with snowshoe straps and an insulated hydration sleeve.',
    specs: [
      { name: 'Volume', value: '22 L' },
      { name: 'Weight', value: '920 g' },
      { name: 'Carry', value: 'Snowshoe A-frame straps' },
    ],
    priceUsd: 129.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-run-vest',
    name: 'Winter Run Vest',
    categoryPath: 'accessories/bags',
    imageKind: 'bag',
    colours: colours('black', 'citron'),
    sizes: SML,
    description: 'An 8-litre running vest with insulated bottle pockets and pole holsters.',
    specs: [
      { name: 'Volume', value: '8 L' },
      { name: 'Weight', value: '310 g' },
    ],
    priceUsd: 109.95,
    salePriceUsd: 89.95,
  },
  {
    slug: 'ridgeline-expedition-pack-45',
    name: 'Expedition Pack 45',
    categoryPath: 'accessories/bags',
    imageKind: 'bag',
    colours: colours('slate', 'black'),
    description: 'A 45-litre backcountry pack with an avalanche-tool pocket and side snowshoe carry.',
    specs: [
      { name: 'Volume', value: '45 L' },
      { name: 'Weight', value: '1.6 kg' },
    ],
    priceUsd: 219.95,
    isRedesigned: true,
  },
  // Apparel
  {
    slug: 'ridgeline-alpine-softshell',
    name: 'Alpine Softshell Jacket',
    categoryPath: 'accessories/apparel',
    imageKind: 'apparel',
    colours: colours('midnight', 'summit', 'spruce'),
    sizes: APPAREL_SIZES,
    description: 'A stretchy, breathable softshell for high-output days on snowshoes.',
    specs: [
      { name: 'Fabric', value: 'Double-weave stretch nylon' },
      { name: 'Fit', value: 'Athletic' },
      { name: 'Weight', value: '480 g (M)' },
    ],
    priceUsd: 179.95,
  },
  {
    slug: 'ridgeline-trail-fleece',
    name: 'Trail Grid Fleece',
    categoryPath: 'accessories/apparel',
    imageKind: 'apparel',
    colours: colours('glacier', 'lupine', 'graphite', 'alpenglow', 'lichen', 'black'),
    sizes: APPAREL_SIZES,
    description: 'A grid-fleece midlayer that breathes on the climb and insulates on the summit.',
    specs: [
      { name: 'Fabric', value: 'Grid fleece, 230 g/m²' },
      { name: 'Fit', value: 'Regular' },
    ],
    priceUsd: 89.95,
    salePriceUsd: 69.95,
  },
  {
    slug: 'ridgeline-insulated-vest',
    name: 'Insulated Vest',
    categoryPath: 'accessories/apparel',
    imageKind: 'apparel',
    colours: colours('black', 'sunrise'),
    sizes: APPAREL_SIZES,
    description: 'Synthetic-fill vest that keeps your core warm when it is wet.',
    specs: [{ name: 'Insulation', value: '80 g/m² synthetic' }],
    priceUsd: 119.95,
    isNew: true,
  },
  {
    slug: 'ridgeline-merino-beanie',
    name: 'Merino Beanie',
    categoryPath: 'accessories/apparel',
    imageKind: 'beanie',
    colours: colours('summit', 'graphite', 'aurora', 'sand'),
    description: 'A soft merino rib-knit beanie with an embroidered mountain patch.',
    specs: [{ name: 'Fabric', value: '100% merino wool' }],
    priceUsd: 34.95,
  },
  {
    slug: 'ridgeline-pom-beanie',
    name: 'Pom Beanie',
    categoryPath: 'accessories/apparel',
    imageKind: 'beanie',
    colours: colours('berry', 'snow', 'midnight'),
    description: 'A thick cable-knit beanie with a faux-fur pom.',
    specs: [{ name: 'Fabric', value: 'Acrylic-wool blend' }],
    priceUsd: 29.95,
    salePriceUsd: 22.95,
  },
  {
    slug: 'ridgeline-trail-glove',
    name: 'Trail Glove',
    categoryPath: 'accessories/apparel',
    imageKind: 'glove',
    colours: colours('black', 'graphite'),
    sizes: GLOVE_SIZES,
    description: 'Touchscreen-friendly liner gloves for cold starts.',
    specs: [
      { name: 'Fabric', value: 'Stretch fleece' },
      { name: 'Touchscreen', value: 'Thumb and index' },
    ],
    priceUsd: 29.95,
  },
  {
    slug: 'ridgeline-summit-mitt',
    name: 'Summit Mitt',
    categoryPath: 'accessories/apparel',
    imageKind: 'glove',
    colours: colours('black', 'summit'),
    sizes: GLOVE_SIZES,
    description: 'Waterproof, insulated mitts with removable liners for the coldest days.',
    specs: [
      { name: 'Insulation', value: '200 g synthetic' },
      { name: 'Membrane', value: 'Waterproof-breathable' },
    ],
    priceUsd: 79.95,
    isRedesigned: true,
  },
  {
    slug: 'ridgeline-neck-gaiter',
    name: 'Merino Neck Gaiter',
    categoryPath: 'accessories/apparel',
    imageKind: 'apparel',
    colours: colours('slate', 'lichen', 'berry'),
    description: 'A light merino tube for neck, face or headband.',
    specs: [{ name: 'Fabric', value: '100% merino wool' }],
    priceUsd: 27.95,
  },
  {
    slug: 'ridgeline-base-layer-top',
    name: 'Merino Base Layer Top',
    categoryPath: 'accessories/apparel',
    imageKind: 'apparel',
    colours: colours('black', 'glacier'),
    sizes: APPAREL_SIZES,
    description: 'A 200-weight merino base layer that stays warm and odour-free for days.',
    specs: [
      { name: 'Fabric', value: '200 g/m² merino wool' },
      { name: 'Fit', value: 'Slim' },
    ],
    priceUsd: 99.95,
    outOfStock: true,
  },
];

export const CATALOGUE_PRODUCTS: readonly CatalogueProduct[] = ENTRIES.map((entry, index) => {
  const [category, subcategory] = entry.categoryPath.split('/') as ['snowshoes' | 'accessories', string];
  return {
    ...entry,
    category,
    subcategory,
    sizes: entry.sizes ?? [],
    sku: `RL-${String(1001 + index)}`,
  };
});

/** Stable commerce id of a demo product: 101 for the first entry, then in list order. */
export function catalogueProductId(slug: string): number {
  const index = CATALOGUE_PRODUCTS.findIndex((product) => product.slug === slug);
  if (index < 0) throw new Error(`No demo product ${slug}`);
  return 101 + index;
}

/** The media path of a product × colour image; the media service serves it. */
export function catalogueImagePath(productSlug: string, colourSlug: string): string {
  return `/media/i/ridgeline/${productSlug}-${colourSlug}`;
}
