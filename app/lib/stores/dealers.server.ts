/** Dealers as the store locator reads them: the content service's dealer entries of the visitor's region. */
import type { Entry } from '#server/content/index.ts';
import type { Services } from '#server/services.ts';
import { contentClient, localeOf } from '../editorial/content.server.ts';
import { inRegion } from '../editorial/content-view.ts';
import type { LocaleState } from '../locale/locale-state.ts';

/** Dealers as the store locator reads them (address, coordinates, services, hours). */
export async function loadDealerEntries(services: Services, locale: LocaleState): Promise<Entry[]> {
  return (await contentClient(services).dealers(localeOf(locale))).filter((dealer) =>
    inRegion(dealer, locale.contentRegion),
  );
}
