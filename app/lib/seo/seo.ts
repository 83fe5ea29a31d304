import { localizedPath } from '#core/locale-prefix.ts';
import { SERVED_LOCALES } from '#core/served-locales.ts';

export { SERVED_LOCALES };

export interface HeadLink {
  rel: 'canonical' | 'alternate';
  href: string;
  hrefLang?: string;
}

/**
 * One canonical URL for the page in its own locale, and hreflang alternates for every locale it exists in plus
 * x-default (the en-us page, §3 country options' xDefault).
 */
export function seoLinks(
  origin: string,
  current: { language: string; country: string },
  rest: string,
): HeadLink[] {
  const url = (locale: { language: string; country: string }) => `${origin}${localizedPath(locale, rest)}`;
  return [
    { rel: 'canonical', href: url(current) },
    ...SERVED_LOCALES.map((locale) => ({
      rel: 'alternate' as const,
      hrefLang: locale.hreflang,
      href: url(locale),
    })),
    { rel: 'alternate', hrefLang: 'x-default', href: url({ language: 'en', country: 'us' }) },
  ];
}
