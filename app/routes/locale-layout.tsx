import { Outlet } from 'react-router';
import { localeStateFor } from '../lib/locale/locale-state.ts';
import { DEFAULT_LOCALE, parseUrlLocale } from '../lib/locale/url-locale.ts';
import { servicesContext } from '../lib/router/load-context.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { Route } from './+types/locale-layout';

// Every page lives under a served /{lang} prefix; anything else fails route validation (SPEC §5).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = parseUrlLocale(params.lang);
  if (!locale) {
    const fallback = localeStateFor(DEFAULT_LOCALE, false);
    throw await notFound(
      context.get(servicesContext),
      fallback,
      `Page Not Found: ${new URL(request.url).pathname}`,
    );
  }
  return { locale };
}

export default function LocaleLayout() {
  return <Outlet />;
}
