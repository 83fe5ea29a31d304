/**
 * A country's name in a language, from the runtime's own locale data (Intl.DisplayNames, CLDR): "Deutschland" in
 * German, "日本" in Japanese (issue 41: the header read "Germany · Deutsch" on /de-de). Server and browser carry
 * the same CLDR names for these languages, so the rendered text hydrates unchanged. `fallback` (the store's
 * English name, core/countries.ts) answers in English, where the store's own wording stays, and when the runtime
 * has no name for the pair.
 */
const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(language: string): Intl.DisplayNames | null {
  if (!cache.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    cache.set(language, names);
  }
  return cache.get(language)!;
}

export function countryName(iso: string, language: string, fallback: string): string {
  if (language === 'en' || !/^[a-z]{2}$/i.test(iso)) return fallback;
  return displayNames(language)?.of(iso.toUpperCase()) ?? fallback;
}
