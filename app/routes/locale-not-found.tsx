import { localeStateFor } from '../lib/locale/locale-state.ts';
import { DEFAULT_LOCALE, parseUrlLocale } from '../lib/locale/url-locale.ts';
import { servicesContext } from '../lib/router/load-context.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { Route } from './+types/locale-not-found';

// No route matches (SPEC §8): the content-managed 404.
export async function loader({ request, context, params }: Route.LoaderArgs): Promise<never> {
  const locale = localeStateFor(parseUrlLocale(params.lang) ?? DEFAULT_LOCALE, false);
  throw await notFound(
    context.get(servicesContext),
    locale,
    `Page not found: ${new URL(request.url).pathname}`,
  );
}

export default function LocaleNotFound() {
  return null;
}
