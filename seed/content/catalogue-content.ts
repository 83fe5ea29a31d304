/**
 * Content entries built from the demo catalogue (seed/catalogue): one `product` entry per catalogue product
 * (uid = slug), one `product_category` per commerce category, and the colour groups of the palette. English is
 * complete; French, German and Japanese carry titles, taglines and descriptions. A file under
 * seed/content/product/{uid}.json overrides a built entry locale by locale.
 */
import { CONTENT_REGIONS } from '#core/content-region.ts';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_PRODUCTS,
  type CatalogueProduct,
  COLOURS,
  type ColourKey,
  catalogueImagePath,
  catalogueProductId,
  regionalPrice,
} from '../catalogue/index.ts';

type Fields = Record<string, unknown>;
export interface BuiltContent {
  content_type: string;
  uid: string;
  locales: Record<string, Fields>;
}

const COMMERCE_REGIONS = ['us', 'ca', 'eu_region_1'] as const;
const TRANSLATED = ['fr', 'de', 'ja'] as const;
type Lang = (typeof TRANSLATED)[number];

const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });
export const categoryUid = (path: string) => path.replace(/\//g, '-');

const CATEGORY_TITLES: Record<string, Record<Lang, string>> = {
  snowshoes: { fr: 'Raquettes à neige', de: 'Schneeschuhe', ja: 'スノーシュー' },
  'snowshoes/mens': { fr: 'Raquettes homme', de: 'Herren-Schneeschuhe', ja: 'メンズ スノーシュー' },
  'snowshoes/womens': { fr: 'Raquettes femme', de: 'Damen-Schneeschuhe', ja: 'ウィメンズ スノーシュー' },
  'snowshoes/kids': { fr: 'Raquettes enfant', de: 'Kinder-Schneeschuhe', ja: 'キッズ スノーシュー' },
  'snowshoes/running': { fr: 'Raquettes de course', de: 'Lauf-Schneeschuhe', ja: 'ランニング スノーシュー' },
  'snowshoes/backcountry': {
    fr: 'Raquettes hors-piste',
    de: 'Backcountry-Schneeschuhe',
    ja: 'バックカントリー スノーシュー',
  },
  accessories: { fr: 'Accessoires', de: 'Zubehör', ja: 'アクセサリー' },
  'accessories/poles': { fr: 'Bâtons', de: 'Stöcke', ja: 'ポール' },
  'accessories/bindings': { fr: 'Fixations', de: 'Bindungen', ja: 'ビンディング' },
  'accessories/gaiters': { fr: 'Guêtres', de: 'Gamaschen', ja: 'ゲイター' },
  'accessories/traction': { fr: 'Crampons et chaînes', de: 'Grödel und Spikes', ja: 'トラクション' },
  'accessories/bags': { fr: 'Sacs', de: 'Taschen und Rucksäcke', ja: 'バッグ' },
  'accessories/apparel': { fr: 'Vêtements', de: 'Bekleidung', ja: 'アパレル' },
};

const CATEGORY_COPY: Record<string, Record<Lang, string>> = {
  snowshoes: {
    fr: 'Des raquettes pour chaque sentier, chaque coureur et chaque sommet.',
    de: 'Schneeschuhe für jeden Trail, jeden Läufer und jeden Gipfel.',
    ja: 'あらゆるトレイル、ランナー、山頂のためのスノーシュー。',
  },
  'snowshoes/mens': {
    fr: 'Des cadres homme pour les sentiers et la montagne.',
    de: 'Herrenrahmen für Wanderwege und Berge.',
    ja: 'トレイルから山岳まで対応するメンズフレーム。',
  },
  'snowshoes/womens': {
    fr: 'Des cadres conçus pour les femmes, à la queue effilée.',
    de: 'Speziell für Frauen entwickelte Rahmen mit schmalem Heck.',
    ja: 'テーパードテールを備えた女性専用設計のフレーム。',
  },
  'snowshoes/kids': {
    fr: 'Des raquettes légères et simples pour les jeunes aventuriers.',
    de: 'Leichte, einfache Schneeschuhe für junge Abenteurer.',
    ja: '小さな冒険家のための軽くてシンプルなスノーシュー。',
  },
  'snowshoes/running': {
    fr: 'Des cadres asymétriques et légers pour courir et compétitionner en hiver.',
    de: 'Asymmetrische, leichte Rahmen für Winterläufe und Wettkämpfe.',
    ja: '冬のランニングとレースのための軽量な非対称フレーム。',
  },
  'snowshoes/backcountry': {
    fr: 'Portance et accroche pour la neige profonde et les sacs lourds.',
    de: 'Auftrieb und Grip für Tiefschnee und schwere Rucksäcke.',
    ja: '深雪と重い荷物のための浮力とグリップ。',
  },
  accessories: {
    fr: 'Bâtons, fixations, guêtres, crampons, sacs et vêtements.',
    de: 'Stöcke, Bindungen, Gamaschen, Grödel, Taschen und Bekleidung.',
    ja: 'ポール、ビンディング、ゲイター、トラクション、バッグ、アパレル。',
  },
  'accessories/poles': {
    fr: 'Bâtons de randonnée, de course et sondes.',
    de: 'Trekking-, Lauf- und Sondenstöcke.',
    ja: 'トレッキング、ランニング、プローブポール。',
  },
  'accessories/bindings': {
    fr: 'Kits de fixation de remplacement et de mise à niveau.',
    de: 'Ersatz- und Upgrade-Bindungssets.',
    ja: '交換用・アップグレード用ビンディングキット。',
  },
  'accessories/gaiters': {
    fr: 'Gardez la neige hors de vos chaussures.',
    de: 'Damit kein Schnee in die Schuhe kommt.',
    ja: 'ブーツに雪を入れないために。',
  },
  'accessories/traction': {
    fr: 'Chaînes, crampons et clous pour la glace.',
    de: 'Spikes, Krallen und Steigeisen für Eis.',
    ja: '氷上のためのスパイク、スタッド、アイゼン。',
  },
  'accessories/bags': {
    fr: 'Sacs de transport, sacs à dos et gilets.',
    de: 'Tragetaschen, Tagesrucksäcke und Laufwesten.',
    ja: 'トート、デイパック、ベスト。',
  },
  'accessories/apparel': {
    fr: 'Couches, bonnets et gants.',
    de: 'Schichten, Mützen und Handschuhe.',
    ja: 'レイヤー、ビーニー、グローブ。',
  },
};

/** Subcategory taglines in English and the three translated languages. */
const TAGLINES: Record<string, Record<'en-us' | Lang, string>> = {
  'snowshoes/mens': {
    'en-us': 'Made in Vermont for every kind of winter trail',
    fr: 'Pour tous les sentiers d’hiver',
    de: 'Für jeden Wintertrail',
    ja: 'あらゆる冬のトレイルに',
  },
  'snowshoes/womens': {
    'en-us': 'A women’s-specific fit for a natural stride',
    fr: 'Une coupe féminine pour une foulée naturelle',
    de: 'Damenspezifische Passform für einen natürlichen Schritt',
    ja: '自然な歩幅のための女性専用フィット',
  },
  'snowshoes/kids': {
    'en-us': 'Real snowshoes, sized for young explorers',
    fr: 'De vraies raquettes, à la taille des jeunes explorateurs',
    de: 'Echte Schneeschuhe in Kindergröße',
    ja: '小さな探検家サイズの本格スノーシュー',
  },
  'snowshoes/running': {
    'en-us': 'Light, fast and built to race',
    fr: 'Légère, rapide et faite pour la compétition',
    de: 'Leicht, schnell und für Rennen gebaut',
    ja: '軽く、速く、レースのために',
  },
  'snowshoes/backcountry': {
    'en-us': 'Float and bite for deep, untracked snow',
    fr: 'Portance et accroche en neige vierge',
    de: 'Auftrieb und Biss im unverspurten Tiefschnee',
    ja: '深く未踏の雪での浮力とグリップ',
  },
  'accessories/poles': {
    'en-us': 'Balance and push on every climb',
    fr: 'Équilibre et poussée à chaque montée',
    de: 'Balance und Schub an jedem Anstieg',
    ja: 'あらゆる登りでバランスと推進力を',
  },
  'accessories/bindings': {
    'en-us': 'Upgrade and repair your Ridgeline frames',
    fr: 'Améliorez et réparez vos cadres Ridgeline',
    de: 'Ridgeline-Rahmen aufrüsten und reparieren',
    ja: 'Ridgelineフレームのアップグレードと修理に',
  },
  'accessories/gaiters': {
    'en-us': 'Dry boots from trailhead to summit',
    fr: 'Des chaussures au sec du départ au sommet',
    de: 'Trockene Schuhe vom Parkplatz bis zum Gipfel',
    ja: '登山口から山頂までドライな足元',
  },
  'accessories/traction': {
    'en-us': 'Sure footing when the snow turns to ice',
    fr: 'Un pas sûr quand la neige devient glace',
    de: 'Sicherer Tritt, wenn Schnee zu Eis wird',
    ja: '雪が氷に変わっても確かな足取り',
  },
  'accessories/bags': {
    'en-us': 'Carry your kit, snowshoes included',
    fr: 'Emportez votre équipement, raquettes comprises',
    de: 'Ausrüstung tragen, Schneeschuhe inklusive',
    ja: 'スノーシューも含めて装備を運ぶ',
  },
  'accessories/apparel': {
    'en-us': 'Layers for cold starts and warm climbs',
    fr: 'Des couches pour les départs froids et les montées chaudes',
    de: 'Schichten für kalte Starts und warme Anstiege',
    ja: '寒いスタートと暑い登りのためのレイヤー',
  },
};

const NOUN: Record<string, Record<Lang, (model: string) => string>> = {
  'snowshoes/mens': {
    fr: (m) => `Raquette ${m} Homme`,
    de: (m) => `${m} Herren-Schneeschuh`,
    ja: (m) => `${m} メンズ スノーシュー`,
  },
  'snowshoes/womens': {
    fr: (m) => `Raquette ${m} Femme`,
    de: (m) => `${m} Damen-Schneeschuh`,
    ja: (m) => `${m} ウィメンズ スノーシュー`,
  },
  'snowshoes/kids': {
    fr: (m) => `Raquette ${m} Enfant`,
    de: (m) => `${m} Kinder-Schneeschuh`,
    ja: (m) => `${m} キッズ スノーシュー`,
  },
  'snowshoes/running': {
    fr: (m) => `Raquette de course ${m}`,
    de: (m) => `${m} Lauf-Schneeschuh`,
    ja: (m) => `${m} ランニング スノーシュー`,
  },
  'snowshoes/backcountry': {
    fr: (m) => `Raquette hors-piste ${m}`,
    de: (m) => `${m} Backcountry-Schneeschuh`,
    ja: (m) => `${m} バックカントリー スノーシュー`,
  },
};

const SUFFIX = /\s+(Men's|Women's|Kids'|Running|Backcountry) Snowshoe$/;

/** The translated product name: snowshoes get the language's noun around the model; accessories keep theirs. */
function localName(product: CatalogueProduct, lang: Lang): string {
  const noun = NOUN[product.categoryPath];
  if (!noun) return product.name;
  return noun[lang](product.name.replace(SUFFIX, ''));
}

/** §3 content prices per country, from the USD list price. */
const COUNTRY_PRICE: Record<string, (usd: number) => string> = {
  au: (usd) => `A$${(Math.ceil(usd * 1.55) - 0.05).toFixed(2)}`,
  at: (usd) => `${regionalPrice(usd, 'eu_region_1').toFixed(2).replace('.', ',')} €`,
  ca: (usd) => `C$${regionalPrice(usd, 'ca').toFixed(2)}`,
  cz: (usd) => `${Math.ceil(usd * 23)} Kč`,
  fr: (usd) => `${regionalPrice(usd, 'eu_region_1').toFixed(2).replace('.', ',')} €`,
  de: (usd) => `${regionalPrice(usd, 'eu_region_1').toFixed(2).replace('.', ',')} €`,
  it: (usd) => `${regionalPrice(usd, 'eu_region_1').toFixed(2).replace('.', ',')} €`,
  jp: (usd) => `¥${(Math.ceil((usd * 152) / 100) * 100).toLocaleString('en-US')}`,
  nl: (usd) => `${regionalPrice(usd, 'eu_region_1').toFixed(2).replace('.', ',')} €`,
  no: (usd) => `${Math.ceil(usd * 10.9)} kr`,
  pl: (usd) => `${Math.ceil(usd * 4.05)} zł`,
  es: (usd) => `${regionalPrice(usd, 'eu_region_1').toFixed(2).replace('.', ',')} €`,
  se: (usd) => `${Math.ceil(usd * 10.7)} kr`,
  ch: (usd) => `CHF ${(Math.ceil(usd * 0.91) - 0.1).toFixed(2)}`,
  gb: (usd) => `£${(Math.ceil(usd * 0.8) - 0.05).toFixed(2)}`,
  nz: (usd) => `NZ$${(Math.ceil(usd * 1.68) - 0.05).toFixed(2)}`,
};

function priceRange(usd: number): string {
  if (usd < 100) return 'under-100';
  if (usd < 200) return '100-200';
  if (usd < 300) return '200-300';
  return '300-plus';
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function gender(product: CatalogueProduct): string {
  if (product.categoryPath.endsWith('/mens')) return 'mens';
  if (product.categoryPath.endsWith('/womens')) return 'womens';
  if (product.categoryPath.endsWith('/kids') || product.slug.includes('kids')) return 'kids';
  return 'unisex';
}

function terrain(product: CatalogueProduct): string[] {
  const value = product.specs.find((spec) => spec.name === 'Terrain')?.value.toLowerCase() ?? '';
  const tags: string[] = [];
  if (/flat|groomed|packed/.test(value)) tags.push('flat');
  if (/rolling/.test(value)) tags.push('rolling');
  if (/mountain|steep|technical|icy/.test(value)) tags.push('mountain');
  if (/powder|backcountry|open|deep/.test(value)) tags.push('powder');
  return tags.length > 0 ? tags : ['all'];
}

/** The palette's colour names in the translated languages (issue 41: "Farbe: Black" on /de-de), by colour slug. */
const COLOUR_NAMES: Record<string, Record<Lang, string>> = {
  black: { fr: 'Noir', de: 'Schwarz', ja: 'ブラック' },
  graphite: { fr: 'Graphite', de: 'Graphit', ja: 'グラファイト' },
  glacier: { fr: 'Bleu glacier', de: 'Gletscherblau', ja: 'グレイシャーブルー' },
  'summit-red': { fr: 'Rouge sommet', de: 'Gipfelrot', ja: 'サミットレッド' },
  alpenglow: { fr: 'Alpenglow', de: 'Alpenglühen', ja: 'アルペングロー' },
  spruce: { fr: 'Vert épicéa', de: 'Fichtengrün', ja: 'スプルースグリーン' },
  lichen: { fr: 'Lichen', de: 'Flechte', ja: 'ライケン' },
  aurora: { fr: 'Sarcelle aurore', de: 'Polarlicht-Türkis', ja: 'オーロラティール' },
  sunrise: { fr: 'Orange aurore', de: 'Sonnenaufgang-Orange', ja: 'サンライズオレンジ' },
  snow: { fr: 'Blanc neige', de: 'Schneeweiß', ja: 'スノーホワイト' },
  midnight: { fr: 'Bleu nuit', de: 'Mitternachtsblau', ja: 'ミッドナイトネイビー' },
  berry: { fr: 'Baie sauvage', de: 'Waldbeere', ja: 'ワイルドベリー' },
  lupine: { fr: 'Violet lupin', de: 'Lupinenviolett', ja: 'ルピナスパープル' },
  sand: { fr: 'Sable des dunes', de: 'Dünensand', ja: 'デューンサンド' },
  citron: { fr: 'Citron', de: 'Zitrone', ja: 'シトロン' },
  slate: { fr: 'Bleu ardoise', de: 'Schieferblau', ja: 'スレートブルー' },
};

function productEntry(product: CatalogueProduct): BuiltContent {
  const id = catalogueProductId(product.slug);
  const category = CATALOGUE_CATEGORIES.find((c) => c.path === product.categoryPath);
  const categoryIds = category ? [category.id, ...(category.parentId ? [category.parentId] : [])] : [];
  const first = product.colours[0];
  const imageId = first ? `${product.slug}-${first.slug}` : product.slug;
  const specs = product.specs.map((spec) => ({ id: slug(spec.name), title: spec.name, value: spec.value }));
  const tagline = TAGLINES[product.categoryPath];
  const base: Fields = {
    title: product.name,
    display_title: product.name,
    tagline: tagline?.['en-us'] ?? '',
    description: `<p>${product.description}</p>`,
    url: `/${product.slug}`,
    regions: [...CONTENT_REGIONS],
    bc_products: Object.fromEntries(COMMERCE_REGIONS.map((region) => [region, { id, sku: product.sku }])),
    bc_categories: Object.fromEntries(COMMERCE_REGIONS.map((region) => [region, categoryIds])),
    is_new: { value: product.isNew ? 'Yes' : 'No' },
    is_redesigned: { value: product.isRedesigned ? 'Yes' : 'No' },
    prices: Object.fromEntries(
      Object.entries(COUNTRY_PRICE).map(([country, price]) => [country, price(product.priceUsd)]),
    ),
    price_range: priceRange(product.priceUsd),
    image: {
      amplience_id: imageId,
      imageset: imageId,
      url: first ? catalogueImagePath(product.slug, first.slug) : '',
    },
    colours: product.colours.map((colour) => ({
      slug: colour.slug,
      label: colour.label,
      hex: colour.hex,
      image: catalogueImagePath(product.slug, colour.slug),
      amplience_id: `${product.slug}-${colour.slug}`,
    })),
    seo_meta: {
      seo_title: `${product.name} | Ridgeline Snowshoe Co.`,
      seo_description: product.description,
      og_image: { amplience_id: imageId },
      imageset: imageId,
    },
    product_specs: specs.map(({ id: specId, value }) => ({ id: specId, value })),
    updated_product_specs: specs,
    product_attributes: {
      gender: [gender(product)],
      terrain: terrain(product),
      category: [product.subcategory],
    },
    product_category: [ref('product_category', categoryUid(product.categoryPath))],
    discontinued: Boolean(product.discontinued),
  };
  const locales: Record<string, Fields> = { 'en-us': base };
  for (const lang of TRANSLATED) {
    const name = localName(product, lang);
    locales[lang] = {
      ...base,
      title: name,
      display_title: name,
      tagline: tagline?.[lang] ?? base.tagline,
      description: `<p>${CATEGORY_COPY[product.categoryPath]?.[lang] ?? ''}</p><p lang="en">${product.description}</p>`,
      seo_meta: { ...(base.seo_meta as Fields), seo_title: `${name} | Ridgeline Snowshoe Co.` },
      colours: (base.colours as Fields[]).map((colour) => ({
        ...colour,
        label: COLOUR_NAMES[colour.slug as string]?.[lang] ?? colour.label,
      })),
    };
  }
  return { content_type: 'product', uid: product.slug, locales };
}

function categoryEntry(category: (typeof CATALOGUE_CATEGORIES)[number]): BuiltContent {
  const uid = categoryUid(category.path);
  const base: Fields = {
    title: category.name,
    display_title: category.name,
    description: category.description,
    url: `/${category.path}`,
    cat_ids_bc: Object.fromEntries(COMMERCE_REGIONS.map((region) => [region, [category.id]])),
    automated_related_products: true,
    regions: [...CONTENT_REGIONS],
    parent: category.parentId
      ? categoryUid(CATALOGUE_CATEGORIES.find((c) => c.id === category.parentId)?.path ?? '')
      : null,
    seo_meta: {
      seo_title: `${category.name} | Ridgeline Snowshoe Co.`,
      seo_description: category.description,
    },
  };
  const locales: Record<string, Fields> = { 'en-us': base };
  for (const lang of TRANSLATED) {
    const title = CATEGORY_TITLES[category.path]?.[lang] ?? category.name;
    locales[lang] = {
      ...base,
      title,
      display_title: title,
      description: CATEGORY_COPY[category.path]?.[lang] ?? category.description,
      seo_meta: {
        seo_title: `${title} | Ridgeline Snowshoe Co.`,
        seo_description: CATEGORY_COPY[category.path]?.[lang] ?? '',
      },
    };
  }
  return { content_type: 'product_category', uid, locales };
}

const COLOUR_GROUPS: Array<{
  uid: string;
  name: Record<'en-us' | Lang, string>;
  hex: string;
  keys: ColourKey[];
}> = [
  {
    uid: 'neutrals',
    name: { 'en-us': 'Black & Grey', fr: 'Noir et gris', de: 'Schwarz & Grau', ja: 'ブラック・グレー' },
    hex: '#1d1f21',
    keys: ['black', 'graphite', 'slate'],
  },
  {
    uid: 'whites',
    name: { 'en-us': 'White & Sand', fr: 'Blanc et sable', de: 'Weiß & Sand', ja: 'ホワイト・サンド' },
    hex: '#f3f5f7',
    keys: ['snow', 'sand'],
  },
  {
    uid: 'blues',
    name: { 'en-us': 'Blue', fr: 'Bleu', de: 'Blau', ja: 'ブルー' },
    hex: '#6fa8d6',
    keys: ['glacier', 'midnight', 'aurora'],
  },
  {
    uid: 'reds',
    name: { 'en-us': 'Red & Pink', fr: 'Rouge et rose', de: 'Rot & Pink', ja: 'レッド・ピンク' },
    hex: '#c8362d',
    keys: ['summit', 'berry', 'alpenglow'],
  },
  {
    uid: 'greens',
    name: { 'en-us': 'Green', fr: 'Vert', de: 'Grün', ja: 'グリーン' },
    hex: '#2f5d46',
    keys: ['spruce', 'lichen'],
  },
  {
    uid: 'yellows',
    name: {
      'en-us': 'Yellow & Orange',
      fr: 'Jaune et orange',
      de: 'Gelb & Orange',
      ja: 'イエロー・オレンジ',
    },
    hex: '#f08a24',
    keys: ['sunrise', 'citron'],
  },
  {
    uid: 'purples',
    name: { 'en-us': 'Purple', fr: 'Violet', de: 'Lila', ja: 'パープル' },
    hex: '#6b4fa0',
    keys: ['lupine'],
  },
];

function colourGroupEntry(group: (typeof COLOUR_GROUPS)[number]): BuiltContent {
  const locales: Record<string, Fields> = {};
  for (const lang of ['en-us', ...TRANSLATED] as const) {
    locales[lang] = {
      title: group.name[lang],
      color_name: group.name[lang],
      option_swatch_hex: group.hex,
      child_colors: group.keys.map((key) => COLOURS[key].label),
      child_color_slugs: group.keys.map((key) => COLOURS[key].slug),
    };
  }
  return { content_type: 'color_groups', uid: group.uid, locales };
}

/** Every entry built from the catalogue. */
export function catalogueContent(): BuiltContent[] {
  return [
    ...CATALOGUE_CATEGORIES.map(categoryEntry),
    ...CATALOGUE_PRODUCTS.map(productEntry),
    ...COLOUR_GROUPS.map(colourGroupEntry),
  ];
}
