import type { CurrencyFormatSettings } from '#core/currency-format.ts';
import { promiseAmount } from '#core/free-shipping-promise.ts';
import { CURRENCIES } from '#core/regions.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { optional } from '../router/optional.server.ts';

/**
 * The free-shipping amount this shopper is promised (issue 40), formatted in their region's currency: the
 * minimum of the shipping settings for their region, country and customer group, never a figure typed into
 * content. Null where nobody buys, for a group without free shipping (§6), or when it cannot be read: the
 * promise is then left out rather than made with a wrong figure. A group's answer reaches only its own pages:
 * the page cache keeps anonymous pages only (a visitor with a session is never served from it).
 */
export function freeShippingPromise(
  services: Services,
  locale: LocaleState,
  customerId: number | null,
): Promise<string | null> {
  if (!locale.shoppingRegion) return Promise.resolve(null);
  const { commerce } = services;
  return optional(
    services,
    'Free-shipping promise',
    async () => {
      const pricing = await commerce.groups.pricing(locale.commerceRegion, customerId);
      const minimum = await commerce.shipping.freeShippingFrom(
        locale.commerceRegion,
        locale.country,
        pricing.groupId,
      );
      if (minimum === null) return null;
      const format = await services.catalogueCache.get(
        `promise-currency|${pricing.currencyCode}`,
        async (): Promise<CurrencyFormatSettings> => {
          try {
            return await commerce.currencies.get(pricing.currencyCode);
          } catch (error) {
            if (services.errorCode(error) !== 'not-found') throw error;
            return CURRENCIES.find((entry) => entry.code === pricing.currencyCode) ?? CURRENCIES[0]!;
          }
        },
      );
      return promiseAmount(minimum, format);
    },
    null,
  );
}
