import { contentLocaleOf } from '#core/locale.ts';
import type { Services } from '#server/services.ts';
import { type DisplayTextRef, rememberDisplayText } from '../locale/display-text.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { footerView } from './footer-view.ts';
import { freeShippingPromise } from './free-shipping.server.ts';
import { headerView } from './header-view.ts';
import { newsletterView } from './newsletter-view.ts';

/**
 * What every page's frame needs from content: header, footer and which UI strings (display-text.ts: the strings
 * themselves are fetched by the browser, not sent in the page). Content failures are logged by the client and
 * leave defaults (§8), so the frame always renders.
 */
export async function loadShell(services: Services, locale: LocaleState, customerId: number | null) {
  const { client } = services.content;
  const contentLocale = contentLocaleOf(locale);
  const [header, brand, text, signup, freeShipping] = await Promise.all([
    client.header(contentLocale, locale.contentRegion),
    client.brandSettings(contentLocale),
    services.content.displayText(contentLocale),
    client.emailSignupSettings(contentLocale, locale.contentRegion),
    freeShippingPromise(services, locale, customerId),
  ]);
  // Kept for this server's render of the page, which reads the strings the page only names.
  rememberDisplayText(text.version, text.text);
  const ref: DisplayTextRef = { locale: contentLocale, version: text.version };
  return {
    header: headerView(header as Record<string, unknown> | null, locale, freeShipping),
    footer: footerView(brand as Record<string, unknown>),
    newsletter: newsletterView(signup as Record<string, unknown> | null),
    text: ref,
  };
}
