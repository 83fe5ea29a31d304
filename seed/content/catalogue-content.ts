/**
 * Content entries built from the demo catalogue (seed/catalogue): one `product` entry per catalogue product
 * (uid = slug), one `product_category` per commerce category, and the colour groups of the palette. English is
 * complete; French, German, Japanese, Swedish, Norwegian, Spanish and Italian carry titles, taglines,
 * descriptions and colour names. A file under
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
const TRANSLATED = ['fr', 'de', 'ja', 'sv', 'no', 'es', 'it'] as const;
type Lang = (typeof TRANSLATED)[number];

const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });
export const categoryUid = (path: string) => path.replace(/\//g, '-');

const CATEGORY_TITLES: Record<string, Record<Lang, string>> = {
  snowshoes: {
    fr: 'Raquettes à neige',
    de: 'Schneeschuhe',
    ja: 'スノーシュー',
    sv: 'Snöskor',
    no: 'Truger',
    es: 'Raquetas de nieve',
    it: 'Ciaspole',
  },
  'snowshoes/mens': {
    fr: 'Raquettes homme',
    de: 'Herren-Schneeschuhe',
    ja: 'メンズ スノーシュー',
    sv: 'Snöskor herr',
    no: 'Truger herre',
    es: 'Raquetas de hombre',
    it: 'Ciaspole uomo',
  },
  'snowshoes/womens': {
    fr: 'Raquettes femme',
    de: 'Damen-Schneeschuhe',
    ja: 'ウィメンズ スノーシュー',
    sv: 'Snöskor dam',
    no: 'Truger dame',
    es: 'Raquetas de mujer',
    it: 'Ciaspole donna',
  },
  'snowshoes/kids': {
    fr: 'Raquettes enfant',
    de: 'Kinder-Schneeschuhe',
    ja: 'キッズ スノーシュー',
    sv: 'Snöskor barn',
    no: 'Truger barn',
    es: 'Raquetas infantiles',
    it: 'Ciaspole bambino',
  },
  'snowshoes/running': {
    fr: 'Raquettes de course',
    de: 'Lauf-Schneeschuhe',
    ja: 'ランニング スノーシュー',
    sv: 'Snöskor för löpning',
    no: 'Løpetruger',
    es: 'Raquetas de running',
    it: 'Ciaspole da corsa',
  },
  'snowshoes/backcountry': {
    fr: 'Raquettes hors-piste',
    de: 'Backcountry-Schneeschuhe',
    ja: 'バックカントリー スノーシュー',
    sv: 'Snöskor för fjället',
    no: 'Fjelltruger',
    es: 'Raquetas de travesía',
    it: 'Ciaspole da fuoripista',
  },
  accessories: {
    fr: 'Accessoires',
    de: 'Zubehör',
    ja: 'アクセサリー',
    sv: 'Tillbehör',
    no: 'Tilbehør',
    es: 'Accesorios',
    it: 'Accessori',
  },
  'accessories/poles': {
    fr: 'Bâtons',
    de: 'Stöcke',
    ja: 'ポール',
    sv: 'Stavar',
    no: 'Staver',
    es: 'Bastones',
    it: 'Bastoncini',
  },
  'accessories/bindings': {
    fr: 'Fixations',
    de: 'Bindungen',
    ja: 'ビンディング',
    sv: 'Bindningar',
    no: 'Bindinger',
    es: 'Fijaciones',
    it: 'Attacchi',
  },
  'accessories/gaiters': {
    fr: 'Guêtres',
    de: 'Gamaschen',
    ja: 'ゲイター',
    sv: 'Damasker',
    no: 'Gamasjer',
    es: 'Polainas',
    it: 'Ghette',
  },
  'accessories/traction': {
    fr: 'Crampons et chaînes',
    de: 'Grödel und Spikes',
    ja: 'トラクション',
    sv: 'Broddar och isdubbar',
    no: 'Brodder og isbrodder',
    es: 'Crampones y cadenas',
    it: 'Ramponi e catene',
  },
  'accessories/bags': {
    fr: 'Sacs',
    de: 'Taschen und Rucksäcke',
    ja: 'バッグ',
    sv: 'Väskor och ryggsäckar',
    no: 'Bagger og sekker',
    es: 'Bolsas y mochilas',
    it: 'Borse e zaini',
  },
  'accessories/apparel': {
    fr: 'Vêtements',
    de: 'Bekleidung',
    ja: 'アパレル',
    sv: 'Kläder',
    no: 'Klær',
    es: 'Ropa',
    it: 'Abbigliamento',
  },
};

const CATEGORY_COPY: Record<string, Record<Lang, string>> = {
  snowshoes: {
    fr: 'Des raquettes pour chaque sentier, chaque coureur et chaque sommet.',
    de: 'Schneeschuhe für jeden Trail, jeden Läufer und jeden Gipfel.',
    ja: 'あらゆるトレイル、ランナー、山頂のためのスノーシュー。',
    sv: 'Snöskor för varje led, varje löpare och varje topp.',
    no: 'Truger for hver sti, hver løper og hver topp.',
    es: 'Raquetas para cada sendero, cada corredor y cada cumbre.',
    it: 'Ciaspole per ogni sentiero, ogni runner e ogni vetta.',
  },
  'snowshoes/mens': {
    fr: 'Des cadres homme pour les sentiers et la montagne.',
    de: 'Herrenrahmen für Wanderwege und Berge.',
    ja: 'トレイルから山岳まで対応するメンズフレーム。',
    sv: 'Herrmodeller för allt från skogsstigen till kalfjället.',
    no: 'Herremodeller for alt fra skogsstien til snaufjellet.',
    es: 'Modelos de hombre para el sendero y la alta montaña.',
    it: 'Modelli da uomo per il sentiero e per la montagna.',
  },
  'snowshoes/womens': {
    fr: 'Des cadres conçus pour les femmes, à la queue effilée.',
    de: 'Speziell für Frauen entwickelte Rahmen mit schmalem Heck.',
    ja: 'テーパードテールを備えた女性専用設計のフレーム。',
    sv: 'Ramar formade för kvinnor, med smalare bakparti.',
    no: 'Rammer formet for kvinner, med smalere hale.',
    es: 'Armazones pensados para mujer, con la cola más estrecha.',
    it: 'Telai pensati per le donne, con la coda più stretta.',
  },
  'snowshoes/kids': {
    fr: 'Des raquettes légères et simples pour les jeunes aventuriers.',
    de: 'Leichte, einfache Schneeschuhe für junge Abenteurer.',
    ja: '小さな冒険家のための軽くてシンプルなスノーシュー。',
    sv: 'Lätta och enkla snöskor för små äventyrare.',
    no: 'Lette og enkle truger for små eventyrere.',
    es: 'Raquetas ligeras y sencillas para los pequeños aventureros.',
    it: 'Ciaspole leggere e semplici per i piccoli esploratori.',
  },
  'snowshoes/running': {
    fr: 'Des cadres asymétriques et légers pour courir et compétitionner en hiver.',
    de: 'Asymmetrische, leichte Rahmen für Winterläufe und Wettkämpfe.',
    ja: '冬のランニングとレースのための軽量な非対称フレーム。',
    sv: 'Lätta, asymmetriska ramar för vinterlöpning och lopp.',
    no: 'Lette, asymmetriske rammer for vinterløping og konkurranser.',
    es: 'Armazones ligeros y asimétricos para correr y competir en invierno.',
    it: 'Telai leggeri e asimmetrici per correre e gareggiare d’inverno.',
  },
  'snowshoes/backcountry': {
    fr: 'Portance et accroche pour la neige profonde et les sacs lourds.',
    de: 'Auftrieb und Grip für Tiefschnee und schwere Rucksäcke.',
    ja: '深雪と重い荷物のための浮力とグリップ。',
    sv: 'Bärighet och grepp i djupsnö, även med tung packning.',
    no: 'Bæreevne og feste i dyp snø, også med tung sekk.',
    es: 'Flotación y agarre en nieve profunda, también con mochila pesada.',
    it: 'Galleggiamento e presa nella neve alta, anche con lo zaino carico.',
  },
  accessories: {
    fr: 'Bâtons, fixations, guêtres, crampons, sacs et vêtements.',
    de: 'Stöcke, Bindungen, Gamaschen, Grödel, Taschen und Bekleidung.',
    ja: 'ポール、ビンディング、ゲイター、トラクション、バッグ、アパレル。',
    sv: 'Stavar, bindningar, damasker, broddar, väskor och kläder.',
    no: 'Staver, bindinger, gamasjer, brodder, bagger og klær.',
    es: 'Bastones, fijaciones, polainas, crampones, bolsas y ropa.',
    it: 'Bastoncini, attacchi, ghette, ramponi, borse e abbigliamento.',
  },
  'accessories/poles': {
    fr: 'Bâtons de randonnée, de course et sondes.',
    de: 'Trekking-, Lauf- und Sondenstöcke.',
    ja: 'トレッキング、ランニング、プローブポール。',
    sv: 'Stavar för vandring och löpning, och sondstavar.',
    no: 'Staver for tur og løping, og sondestaver.',
    es: 'Bastones de trekking, de running y sondas.',
    it: 'Bastoncini da trekking, da corsa e sonde.',
  },
  'accessories/bindings': {
    fr: 'Kits de fixation de remplacement et de mise à niveau.',
    de: 'Ersatz- und Upgrade-Bindungssets.',
    ja: '交換用・アップグレード用ビンディングキット。',
    sv: 'Reservdelar och uppgraderingar till bindningen.',
    no: 'Reservedeler og oppgraderinger til bindingen.',
    es: 'Kits de fijación de recambio y de mejora.',
    it: 'Kit di attacchi di ricambio e di aggiornamento.',
  },
  'accessories/gaiters': {
    fr: 'Gardez la neige hors de vos chaussures.',
    de: 'Damit kein Schnee in die Schuhe kommt.',
    ja: 'ブーツに雪を入れないために。',
    sv: 'Så att snön stannar utanför kängorna.',
    no: 'Så snøen holder seg utenfor støvlene.',
    es: 'Para que la nieve no entre en las botas.',
    it: 'Per tenere la neve fuori dagli scarponi.',
  },
  'accessories/traction': {
    fr: 'Chaînes, crampons et clous pour la glace.',
    de: 'Spikes, Krallen und Steigeisen für Eis.',
    ja: '氷上のためのスパイク、スタッド、アイゼン。',
    sv: 'Broddar, dubbar och kedjor för isiga leder.',
    no: 'Brodder, pigger og kjettinger for isete stier.',
    es: 'Cadenas, tacos y crampones para el hielo.',
    it: 'Catene, chiodi e ramponi per il ghiaccio.',
  },
  'accessories/bags': {
    fr: 'Sacs de transport, sacs à dos et gilets.',
    de: 'Tragetaschen, Tagesrucksäcke und Laufwesten.',
    ja: 'トート、デイパック、ベスト。',
    sv: 'Bärväskor, dagsryggsäckar och löparvästar.',
    no: 'Bæreposer, dagstursekker og løpevester.',
    es: 'Bolsas de transporte, mochilas de día y chalecos.',
    it: 'Sacche da trasporto, zaini da giornata e gilet.',
  },
  'accessories/apparel': {
    fr: 'Couches, bonnets et gants.',
    de: 'Schichten, Mützen und Handschuhe.',
    ja: 'レイヤー、ビーニー、グローブ。',
    sv: 'Lager på lager, mössor och handskar.',
    no: 'Lag på lag, luer og hansker.',
    es: 'Capas, gorros y guantes.',
    it: 'Strati, berretti e guanti.',
  },
};

/** Subcategory taglines in English and the three translated languages. */
const TAGLINES: Record<string, Record<'en-us' | Lang, string>> = {
  'snowshoes/mens': {
    'en-us': 'Made in Vermont for every kind of winter trail',
    fr: 'Pour tous les sentiers d’hiver',
    de: 'Für jeden Wintertrail',
    ja: 'あらゆる冬のトレイルに',
    sv: 'Gjorda i Vermont för alla sorters vinterleder',
    no: 'Laget i Vermont for alle slags vinterstier',
    es: 'Hechas en Vermont para cualquier sendero invernal',
    it: 'Fatte in Vermont per ogni sentiero d’inverno',
  },
  'snowshoes/womens': {
    'en-us': 'A women’s-specific fit for a natural stride',
    fr: 'Une coupe féminine pour une foulée naturelle',
    de: 'Damenspezifische Passform für einen natürlichen Schritt',
    ja: '自然な歩幅のための女性専用フィット',
    sv: 'Damanpassad passform för ett naturligt steg',
    no: 'Tilpasset kvinner, for et naturlig steg',
    es: 'Ajuste específico de mujer para una zancada natural',
    it: 'Calzata da donna per un passo naturale',
  },
  'snowshoes/kids': {
    'en-us': 'Real snowshoes, sized for young explorers',
    fr: 'De vraies raquettes, à la taille des jeunes explorateurs',
    de: 'Echte Schneeschuhe in Kindergröße',
    ja: '小さな探検家サイズの本格スノーシュー',
    sv: 'Riktiga snöskor i storlek för små upptäckare',
    no: 'Ekte truger i størrelse for små oppdagere',
    es: 'Raquetas de verdad, a la medida de los pequeños exploradores',
    it: 'Vere ciaspole, su misura per i piccoli esploratori',
  },
  'snowshoes/running': {
    'en-us': 'Light, fast and built to race',
    fr: 'Légère, rapide et faite pour la compétition',
    de: 'Leicht, schnell und für Rennen gebaut',
    ja: '軽く、速く、レースのために',
    sv: 'Lätta, snabba och byggda för lopp',
    no: 'Lette, raske og bygget for konkurranse',
    es: 'Ligeras, rápidas y hechas para competir',
    it: 'Leggere, veloci e fatte per la gara',
  },
  'snowshoes/backcountry': {
    'en-us': 'Float and bite for deep, untracked snow',
    fr: 'Portance et accroche en neige vierge',
    de: 'Auftrieb und Biss im unverspurten Tiefschnee',
    ja: '深く未踏の雪での浮力とグリップ',
    sv: 'Bärighet och grepp i djup, orörd snö',
    no: 'Bæreevne og feste i dyp, urørt snø',
    es: 'Flotación y mordida en nieve profunda y virgen',
    it: 'Galleggiamento e presa nella neve alta e intatta',
  },
  'accessories/poles': {
    'en-us': 'Balance and push on every climb',
    fr: 'Équilibre et poussée à chaque montée',
    de: 'Balance und Schub an jedem Anstieg',
    ja: 'あらゆる登りでバランスと推進力を',
    sv: 'Balans och fart i varje uppförsbacke',
    no: 'Balanse og fart i hver motbakke',
    es: 'Equilibrio e impulso en cada subida',
    it: 'Equilibrio e spinta in ogni salita',
  },
  'accessories/bindings': {
    'en-us': 'Upgrade and repair your Ridgeline frames',
    fr: 'Améliorez et réparez vos cadres Ridgeline',
    de: 'Ridgeline-Rahmen aufrüsten und reparieren',
    ja: 'Ridgelineフレームのアップグレードと修理に',
    sv: 'Uppgradera och laga dina Ridgeline-ramar',
    no: 'Oppgrader og reparer Ridgeline-rammene dine',
    es: 'Mejora y repara tus armazones Ridgeline',
    it: 'Aggiorna e ripara i tuoi telai Ridgeline',
  },
  'accessories/gaiters': {
    'en-us': 'Dry boots from trailhead to summit',
    fr: 'Des chaussures au sec du départ au sommet',
    de: 'Trockene Schuhe vom Parkplatz bis zum Gipfel',
    ja: '登山口から山頂までドライな足元',
    sv: 'Torra fötter från parkeringen till toppen',
    no: 'Tørre føtter fra parkeringen til toppen',
    es: 'Botas secas desde el aparcamiento hasta la cumbre',
    it: 'Piedi asciutti dal parcheggio alla vetta',
  },
  'accessories/traction': {
    'en-us': 'Sure footing when the snow turns to ice',
    fr: 'Un pas sûr quand la neige devient glace',
    de: 'Sicherer Tritt, wenn Schnee zu Eis wird',
    ja: '雪が氷に変わっても確かな足取り',
    sv: 'Säkert fäste när snön blir till is',
    no: 'Sikkert fotfeste når snøen blir til is',
    es: 'Pisada firme cuando la nieve se vuelve hielo',
    it: 'Passo sicuro quando la neve diventa ghiaccio',
  },
  'accessories/bags': {
    'en-us': 'Carry your kit, snowshoes included',
    fr: 'Emportez votre équipement, raquettes comprises',
    de: 'Ausrüstung tragen, Schneeschuhe inklusive',
    ja: 'スノーシューも含めて装備を運ぶ',
    sv: 'Bär din utrustning, snöskorna också',
    no: 'Bær utstyret ditt, trugene også',
    es: 'Lleva tu equipo, raquetas incluidas',
    it: 'Porta la tua attrezzatura, ciaspole comprese',
  },
  'accessories/apparel': {
    'en-us': 'Layers for cold starts and warm climbs',
    fr: 'Des couches pour les départs froids et les montées chaudes',
    de: 'Schichten für kalte Starts und warme Anstiege',
    ja: '寒いスタートと暑い登りのためのレイヤー',
    sv: 'Lager för kalla starter och varma stigningar',
    no: 'Lag for kalde starter og varme motbakker',
    es: 'Capas para salidas frías y subidas con calor',
    it: 'Strati per partenze al freddo e salite al caldo',
  },
};

const NOUN: Record<string, Record<Lang, (model: string) => string>> = {
  'snowshoes/mens': {
    fr: (m) => `Raquette ${m} Homme`,
    de: (m) => `${m} Herren-Schneeschuh`,
    ja: (m) => `${m} メンズ スノーシュー`,
    sv: (m) => `${m} snöskor herr`,
    no: (m) => `${m} truger herre`,
    es: (m) => `Raquetas ${m} hombre`,
    it: (m) => `Ciaspole ${m} uomo`,
  },
  'snowshoes/womens': {
    fr: (m) => `Raquette ${m} Femme`,
    de: (m) => `${m} Damen-Schneeschuh`,
    ja: (m) => `${m} ウィメンズ スノーシュー`,
    sv: (m) => `${m} snöskor dam`,
    no: (m) => `${m} truger dame`,
    es: (m) => `Raquetas ${m} mujer`,
    it: (m) => `Ciaspole ${m} donna`,
  },
  'snowshoes/kids': {
    fr: (m) => `Raquette ${m} Enfant`,
    de: (m) => `${m} Kinder-Schneeschuh`,
    ja: (m) => `${m} キッズ スノーシュー`,
    sv: (m) => `${m} snöskor barn`,
    no: (m) => `${m} truger barn`,
    es: (m) => `Raquetas ${m} infantiles`,
    it: (m) => `Ciaspole ${m} bambino`,
  },
  'snowshoes/running': {
    fr: (m) => `Raquette de course ${m}`,
    de: (m) => `${m} Lauf-Schneeschuh`,
    ja: (m) => `${m} ランニング スノーシュー`,
    sv: (m) => `${m} löparsnöskor`,
    no: (m) => `${m} løpetruger`,
    es: (m) => `Raquetas de running ${m}`,
    it: (m) => `Ciaspole da corsa ${m}`,
  },
  'snowshoes/backcountry': {
    fr: (m) => `Raquette hors-piste ${m}`,
    de: (m) => `${m} Backcountry-Schneeschuh`,
    ja: (m) => `${m} バックカントリー スノーシュー`,
    sv: (m) => `${m} fjällsnöskor`,
    no: (m) => `${m} fjelltruger`,
    es: (m) => `Raquetas de travesía ${m}`,
    it: (m) => `Ciaspole da fuoripista ${m}`,
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
  black: {
    fr: 'Noir',
    de: 'Schwarz',
    ja: 'ブラック',
    sv: 'Svart',
    no: 'Svart',
    es: 'Negro',
    it: 'Nero',
  },
  graphite: {
    fr: 'Graphite',
    de: 'Graphit',
    ja: 'グラファイト',
    sv: 'Grafit',
    no: 'Grafitt',
    es: 'Grafito',
    it: 'Grafite',
  },
  glacier: {
    fr: 'Bleu glacier',
    de: 'Gletscherblau',
    ja: 'グレイシャーブルー',
    sv: 'Glaciärblå',
    no: 'Breblå',
    es: 'Azul glaciar',
    it: 'Blu ghiacciaio',
  },
  'summit-red': {
    fr: 'Rouge sommet',
    de: 'Gipfelrot',
    ja: 'サミットレッド',
    sv: 'Toppröd',
    no: 'Topprød',
    es: 'Rojo cumbre',
    it: 'Rosso vetta',
  },
  alpenglow: {
    fr: 'Alpenglow',
    de: 'Alpenglühen',
    ja: 'アルペングロー',
    sv: 'Alpglöd',
    no: 'Alpeglød',
    es: 'Rosa alpino',
    it: 'Enrosadira',
  },
  spruce: {
    fr: 'Vert épicéa',
    de: 'Fichtengrün',
    ja: 'スプルースグリーン',
    sv: 'Granskogsgrön',
    no: 'Grangrønn',
    es: 'Verde abeto',
    it: 'Verde abete',
  },
  lichen: {
    fr: 'Lichen',
    de: 'Flechte',
    ja: 'ライケン',
    sv: 'Lavgrön',
    no: 'Lavgrønn',
    es: 'Verde liquen',
    it: 'Verde lichene',
  },
  aurora: {
    fr: 'Sarcelle aurore',
    de: 'Polarlicht-Türkis',
    ja: 'オーロラティール',
    sv: 'Norrskensturkos',
    no: 'Nordlysturkis',
    es: 'Turquesa aurora',
    it: 'Turchese aurora',
  },
  sunrise: {
    fr: 'Orange aurore',
    de: 'Sonnenaufgang-Orange',
    ja: 'サンライズオレンジ',
    sv: 'Soluppgångsorange',
    no: 'Soloppgangsoransje',
    es: 'Naranja amanecer',
    it: 'Arancio alba',
  },
  snow: {
    fr: 'Blanc neige',
    de: 'Schneeweiß',
    ja: 'スノーホワイト',
    sv: 'Snövit',
    no: 'Snøhvit',
    es: 'Blanco nieve',
    it: 'Bianco neve',
  },
  midnight: {
    fr: 'Bleu nuit',
    de: 'Mitternachtsblau',
    ja: 'ミッドナイトネイビー',
    sv: 'Midnattsblå',
    no: 'Midnattsblå',
    es: 'Azul medianoche',
    it: 'Blu notte',
  },
  berry: {
    fr: 'Baie sauvage',
    de: 'Waldbeere',
    ja: 'ワイルドベリー',
    sv: 'Skogsbär',
    no: 'Skogsbær',
    es: 'Frutos del bosque',
    it: 'Frutti di bosco',
  },
  lupine: {
    fr: 'Violet lupin',
    de: 'Lupinenviolett',
    ja: 'ルピナスパープル',
    sv: 'Lupinlila',
    no: 'Lupinlilla',
    es: 'Violeta altramuz',
    it: 'Viola lupino',
  },
  sand: {
    fr: 'Sable des dunes',
    de: 'Dünensand',
    ja: 'デューンサンド',
    sv: 'Sanddyn',
    no: 'Sanddyne',
    es: 'Arena de duna',
    it: 'Sabbia di duna',
  },
  citron: {
    fr: 'Citron',
    de: 'Zitrone',
    ja: 'シトロン',
    sv: 'Citron',
    no: 'Sitron',
    es: 'Limón',
    it: 'Cedro',
  },
  slate: {
    fr: 'Bleu ardoise',
    de: 'Schieferblau',
    ja: 'スレートブルー',
    sv: 'Skifferblå',
    no: 'Skiferblå',
    es: 'Azul pizarra',
    it: 'Blu ardesia',
  },
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
    name: {
      'en-us': 'Black & Grey',
      fr: 'Noir et gris',
      de: 'Schwarz & Grau',
      ja: 'ブラック・グレー',
      sv: 'Svart och grått',
      no: 'Svart og grått',
      es: 'Negro y gris',
      it: 'Nero e grigio',
    },
    hex: '#1d1f21',
    keys: ['black', 'graphite', 'slate'],
  },
  {
    uid: 'whites',
    name: {
      'en-us': 'White & Sand',
      fr: 'Blanc et sable',
      de: 'Weiß & Sand',
      ja: 'ホワイト・サンド',
      sv: 'Vitt och sand',
      no: 'Hvitt og sand',
      es: 'Blanco y arena',
      it: 'Bianco e sabbia',
    },
    hex: '#f3f5f7',
    keys: ['snow', 'sand'],
  },
  {
    uid: 'blues',
    name: {
      'en-us': 'Blue',
      fr: 'Bleu',
      de: 'Blau',
      ja: 'ブルー',
      sv: 'Blått',
      no: 'Blått',
      es: 'Azul',
      it: 'Blu',
    },
    hex: '#6fa8d6',
    keys: ['glacier', 'midnight', 'aurora'],
  },
  {
    uid: 'reds',
    name: {
      'en-us': 'Red & Pink',
      fr: 'Rouge et rose',
      de: 'Rot & Pink',
      ja: 'レッド・ピンク',
      sv: 'Rött och rosa',
      no: 'Rødt og rosa',
      es: 'Rojo y rosa',
      it: 'Rosso e rosa',
    },
    hex: '#c8362d',
    keys: ['summit', 'berry', 'alpenglow'],
  },
  {
    uid: 'greens',
    name: {
      'en-us': 'Green',
      fr: 'Vert',
      de: 'Grün',
      ja: 'グリーン',
      sv: 'Grönt',
      no: 'Grønt',
      es: 'Verde',
      it: 'Verde',
    },
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
      sv: 'Gult och orange',
      no: 'Gult og oransje',
      es: 'Amarillo y naranja',
      it: 'Giallo e arancio',
    },
    hex: '#f08a24',
    keys: ['sunrise', 'citron'],
  },
  {
    uid: 'purples',
    name: {
      'en-us': 'Purple',
      fr: 'Violet',
      de: 'Lila',
      ja: 'パープル',
      sv: 'Lila',
      no: 'Lilla',
      es: 'Morado',
      it: 'Viola',
    },
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
