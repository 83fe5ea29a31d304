/**
 * The country and language list of SPEC §9, grouped by continent, with the language defaults and the
 * x-default of §3 (country option: text, value slug, iso, langs{text, value, langDefault?, xDefault?}).
 *
 * Only France, Germany and Japan have a spec-given default language. Elsewhere English comes first and a
 * country also offers its own language when that language is in the supported list (§9): a choice, not a
 * default, so an English-speaking visitor is not moved away from English.
 */

export type ContinentId = 'north-america' | 'europe' | 'asia-pacific' | 'other';

export interface LanguageOption {
  text: string;
  value: string;
  langDefault?: boolean;
  xDefault?: boolean;
}

export interface CountryOption {
  text: string;
  value: string;
  iso: string;
  continent: ContinentId;
  langs: LanguageOption[];
}

const en: LanguageOption = { text: 'English', value: 'en' };
const fr: LanguageOption = { text: 'Français', value: 'fr' };
const de: LanguageOption = { text: 'Deutsch', value: 'de' };
const ja: LanguageOption = { text: '日本語', value: 'ja' };
const sv: LanguageOption = { text: 'Svenska', value: 'sv' };
const no: LanguageOption = { text: 'Norsk', value: 'no' };
const es: LanguageOption = { text: 'Español', value: 'es' };
const it: LanguageOption = { text: 'Italiano', value: 'it' };

const asDefault = (lang: LanguageOption): LanguageOption => ({ ...lang, langDefault: true });

export const CONTINENTS: ReadonlyArray<{ id: ContinentId; text: string }> = [
  { id: 'north-america', text: 'North America' },
  { id: 'europe', text: 'Europe' },
  { id: 'asia-pacific', text: 'Asia Pacific' },
  { id: 'other', text: 'Other' },
];

export const COUNTRIES: readonly CountryOption[] = [
  { text: 'Canada', value: 'canada', iso: 'ca', continent: 'north-america', langs: [en, fr] },
  {
    text: 'United States',
    value: 'united-states',
    iso: 'us',
    continent: 'north-america',
    langs: [{ ...en, xDefault: true }],
  },
  { text: 'Austria', value: 'austria', iso: 'at', continent: 'europe', langs: [en, de] },
  { text: 'Belgium', value: 'belgium', iso: 'be', continent: 'europe', langs: [en, fr] },
  { text: 'Czech Republic', value: 'czech-republic', iso: 'cz', continent: 'europe', langs: [en] },
  { text: 'France', value: 'france', iso: 'fr', continent: 'europe', langs: [asDefault(fr), en] },
  { text: 'Germany', value: 'germany', iso: 'de', continent: 'europe', langs: [asDefault(de), en] },
  { text: 'Italy', value: 'italy', iso: 'it', continent: 'europe', langs: [en, it] },
  { text: 'Netherlands', value: 'netherlands', iso: 'nl', continent: 'europe', langs: [en] },
  { text: 'Norway', value: 'norway', iso: 'no', continent: 'europe', langs: [en, no] },
  { text: 'Poland', value: 'poland', iso: 'pl', continent: 'europe', langs: [en] },
  { text: 'Spain', value: 'spain', iso: 'es', continent: 'europe', langs: [en, es] },
  { text: 'Sweden', value: 'sweden', iso: 'se', continent: 'europe', langs: [en, sv] },
  { text: 'United Kingdom', value: 'united-kingdom', iso: 'gb', continent: 'europe', langs: [en] },
  { text: 'Switzerland', value: 'switzerland', iso: 'ch', continent: 'europe', langs: [en, de, fr, it] },
  { text: 'Australia', value: 'australia', iso: 'au', continent: 'asia-pacific', langs: [en] },
  { text: 'New Zealand', value: 'new-zealand', iso: 'nz', continent: 'asia-pacific', langs: [en] },
  { text: 'Japan', value: 'japan', iso: 'jp', continent: 'asia-pacific', langs: [en, asDefault(ja)] },
  { text: 'Global', value: 'global', iso: 'global', continent: 'other', langs: [en] },
];

export function countryByIso(iso: string): CountryOption | undefined {
  const wanted = iso.toLowerCase();
  return COUNTRIES.find((country) => country.iso === wanted);
}
