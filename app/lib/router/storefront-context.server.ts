import type { RouterContextProvider } from 'react-router';
import type { Caller } from '#server/commerce/index.ts';
import type { Services } from '#server/services.ts';
import type { SessionView } from '#server/sessions/sessions.ts';
import { type LocaleState, localeStateFor } from '../locale/locale-state.ts';
import { DEFAULT_LOCALE, parseUrlLocale } from '../locale/url-locale.ts';
import { requestFactsContext, servicesContext } from './load-context.ts';
import { oncePerRequest } from './once-per-request.ts';

export interface StorefrontContext {
  services: Services;
  session: SessionView | null;
  locale: LocaleState;
  /** Who asks, as the engines' use cases take it (session, client address, https). */
  caller: Caller;
}

const sessionOnce = oncePerRequest<Promise<StorefrontContext>>();

/** Services, the visitor's session (never created here) and the §3 locale state with pro status applied. */
export function storefrontContext(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StorefrontContext> {
  return sessionOnce(request, context, async () => {
    const services = context.get(servicesContext);
    const session = await services.sessions.fromRequest(request);
    const urlLocale = parseUrlLocale(new URL(request.url).pathname.split('/')[1]) ?? DEFAULT_LOCALE;
    const caller: Caller = {
      session,
      ip: context.get(requestFactsContext).clientIp,
      https: services.sessions.isHttps(request),
    };
    return {
      services,
      session,
      locale: localeStateFor(urlLocale, session?.customer?.isPro ?? false),
      caller,
    };
  });
}
