import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { contentLocaleOf } from '#core/locale.ts';
import type { Services } from '#server/services.ts';
import { encodeDisplayText } from '../locale/display-text.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { footerView } from './footer-view.ts';
import { headerView } from './header-view.ts';
import { newsletterView } from './newsletter-view.ts';

/**
 * What every page's frame needs from content: header, footer and UI strings (as one string, see display-text.ts). Content failures are logged by
 * the client and leave defaults (§8), so the frame always renders.
 */
export async function loadShell(services: Services, locale: LocaleState) {
  const client = services.content.client;
  const contentLocale = contentLocaleOf(locale);
  if (!client) {
    return {
      header: headerView(null, locale),
      footer: footerView({}),
      newsletter: null,
      text: encodeDisplayText(DISPLAY_TEXT_DEFAULTS as Record<string, string>),
    };
  }
  const [header, brand, text, signup] = await Promise.all([
    client.header(contentLocale, locale.contentRegion),
    client.brandSettings(contentLocale),
    client.displayText(contentLocale),
    client.emailSignupSettings(contentLocale, locale.contentRegion),
  ]);
  return {
    header: headerView(header as Record<string, unknown> | null, locale),
    footer: footerView(brand as Record<string, unknown>),
    newsletter: newsletterView(signup as Record<string, unknown> | null),
    text: encodeDisplayText(text as Record<string, string>),
  };
}
