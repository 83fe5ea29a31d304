import { commerceRegionFor, isShoppingRegion } from '#core/commerce-region.ts';
import { contentRegionFor } from '#core/content-region.ts';
import { isEuCountry } from '#core/regions.ts';
import type { UrlLocale } from './url-locale.ts';

/** SPEC §3 locale state, derived from the URL locale and pro status by the §4 rules. */
export interface LocaleState extends UrlLocale {
  contentRegion: string;
  commerceRegion: string;
  shoppingRegion: boolean;
  eu: boolean;
}

export function localeStateFor(locale: UrlLocale, isPro: boolean): LocaleState {
  const contentRegion = contentRegionFor(locale.country, isPro);
  return {
    ...locale,
    contentRegion,
    commerceRegion: commerceRegionFor(contentRegion, locale.country),
    shoppingRegion: isShoppingRegion(contentRegion),
    eu: isEuCountry(locale.country),
  };
}
