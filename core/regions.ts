/**
 * Region groups (SPEC §9) and the commerce regions that sell, with their currencies (§3 currency format).
 * The content service holds the authoritative `regions` entries; this table is the demo store's default and
 * the fallback when that content cannot be read (§8: failures keep defaults).
 */

export const REGION_GROUPS = {
  us: ['us'],
  ca: ['ca'],
  jp: ['jp'],
  eu: [
    'be',
    'bg',
    'ch',
    'cy',
    'cz',
    'dk',
    'ee',
    'ie',
    'el',
    'fi',
    'gr',
    'gb',
    'hr',
    'hu',
    'lv',
    'lu',
    'mt',
    'no',
    'pl',
    'pt',
    'ro',
    'si',
    'sk',
    'se',
    'uk',
  ],
  eu_region_1: ['de', 'at', 'nl', 'es', 'fr', 'it'],
} as const satisfies Record<string, readonly string[]>;

export type RegionGroupId = keyof typeof REGION_GROUPS;

/** Commerce regions with a storefront that sells (§4 shopping region). */
export const COMMERCE_REGIONS = ['us', 'ca', 'eu_region_1'] as const;
export type CommerceRegion = (typeof COMMERCE_REGIONS)[number];

export interface CurrencyFormat {
  code: string;
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  token_location: 'left' | 'right';
}

/** Currencies the store prices in: commerce regions' currencies plus those of content prices per country (§3). */
export const CURRENCIES: readonly CurrencyFormat[] = [
  {
    code: 'USD',
    token: '$',
    decimal_token: '.',
    thousands_token: ',',
    decimal_places: 2,
    token_location: 'left',
  },
  {
    code: 'CAD',
    token: 'C$',
    decimal_token: '.',
    thousands_token: ',',
    decimal_places: 2,
    token_location: 'left',
  },
  {
    code: 'EUR',
    token: '€',
    decimal_token: ',',
    thousands_token: '.',
    decimal_places: 2,
    token_location: 'right',
  },
  {
    code: 'GBP',
    token: '£',
    decimal_token: '.',
    thousands_token: ',',
    decimal_places: 2,
    token_location: 'left',
  },
  {
    code: 'JPY',
    token: '¥',
    decimal_token: '.',
    thousands_token: ',',
    decimal_places: 0,
    token_location: 'left',
  },
  {
    code: 'AUD',
    token: 'A$',
    decimal_token: '.',
    thousands_token: ',',
    decimal_places: 2,
    token_location: 'left',
  },
  {
    code: 'NZD',
    token: 'NZ$',
    decimal_token: '.',
    thousands_token: ',',
    decimal_places: 2,
    token_location: 'left',
  },
  {
    code: 'SEK',
    token: 'kr',
    decimal_token: ',',
    thousands_token: ' ',
    decimal_places: 2,
    token_location: 'right',
  },
  {
    code: 'NOK',
    token: 'kr',
    decimal_token: ',',
    thousands_token: ' ',
    decimal_places: 2,
    token_location: 'right',
  },
  {
    code: 'CHF',
    token: 'CHF',
    decimal_token: '.',
    thousands_token: "'",
    decimal_places: 2,
    token_location: 'left',
  },
  {
    code: 'CZK',
    token: 'Kč',
    decimal_token: ',',
    thousands_token: ' ',
    decimal_places: 2,
    token_location: 'right',
  },
  {
    code: 'PLN',
    token: 'zł',
    decimal_token: ',',
    thousands_token: ' ',
    decimal_places: 2,
    token_location: 'right',
  },
];

export const COMMERCE_REGION_CURRENCY: Record<CommerceRegion, string> = {
  us: 'USD',
  ca: 'CAD',
  eu_region_1: 'EUR',
};

/** The currency a commerce region sells in (the table above); USD, the §9 default, for any other region. */
export function currencyOfRegion(region: string): string {
  return Object.hasOwn(COMMERCE_REGION_CURRENCY, region)
    ? COMMERCE_REGION_CURRENCY[region as CommerceRegion]
    : 'USD';
}

/** Region group a country belongs to (§9), if any. */
export function regionGroupOf(country: string): RegionGroupId | undefined {
  const code = country.toLowerCase();
  const groups = Object.entries(REGION_GROUPS) as Array<[RegionGroupId, readonly string[]]>;
  return groups.find(([, countries]) => countries.includes(code))?.[0];
}

/**
 * The Europe list behind the §4 EU flag: both European region groups together. It covers every European
 * country of the §9 country list and the other European codes the region groups name.
 */
export const EUROPE_COUNTRIES: readonly string[] = [...REGION_GROUPS.eu, ...REGION_GROUPS.eu_region_1];

export function isEuCountry(country: string): boolean {
  return EUROPE_COUNTRIES.includes(country.toLowerCase());
}
