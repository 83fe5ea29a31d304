import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { contentLocaleOf } from '#core/locale.ts';
import { versionedDisplayText } from '#server/content/display-text-version.ts';
import type { Services } from '#server/services.ts';
import { type DisplayText, type DisplayTextRef, rememberDisplayText } from '../locale/display-text.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { footerView } from './footer-view.ts';
import { headerView } from './header-view.ts';
import { newsletterView } from './newsletter-view.ts';

/**
 * What every page's frame needs from content: header, footer and which UI strings (display-text.ts: the strings
 * themselves are fetched by the browser, not sent in the page). Content failures are logged by the client and
 * leave defaults (§8), so the frame always renders.
 */
export async function loadShell(services: Services, locale: LocaleState) {
  const client = services.content.client;
  const contentLocale = contentLocaleOf(locale);
  if (!client) {
    return {
      header: headerView(null, locale),
      footer: footerView({}),
      newsletter: null,
      text: textRef(contentLocale, DISPLAY_TEXT_DEFAULTS as DisplayText),
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
    text: textRef(contentLocale, text as DisplayText),
  };
}

/** Names the dictionary for the page and keeps it for this server's render of it. */
function textRef(locale: string, text: DisplayText): DisplayTextRef {
  const { version } = versionedDisplayText(text);
  rememberDisplayText(version, text);
  return { locale, version };
}
