/** Every locale the store serves (SPEC §9): each country of the list in each of its languages. */
import { COUNTRIES } from './countries.ts';
import { formatLocale } from './locale.ts';

export interface ServedLocale {
  /** URL segment, e.g. fr-ca. */
  segment: string;
  /** hreflang value, e.g. fr-CA; the global store is plain language. */
  hreflang: string;
  language: string;
  country: string;
}

export const SERVED_LOCALES: readonly ServedLocale[] = COUNTRIES.flatMap((country) =>
  country.langs.map((lang) => ({
    segment: formatLocale({ language: lang.value, country: country.iso }),
    hreflang: country.iso === 'global' ? lang.value : `${lang.value}-${country.iso.toUpperCase()}`,
    language: lang.value,
    country: country.iso,
  })),
);
