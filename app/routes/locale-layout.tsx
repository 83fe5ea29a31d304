import { data, Outlet } from 'react-router';
import { parseUrlLocale } from '../lib/url-locale.ts';
import type { Route } from './+types/locale-layout';

// Every page lives under a valid /{lang} prefix; anything else fails route validation (SPEC §5).
export function loader({ params, request }: Route.LoaderArgs) {
  const locale = parseUrlLocale(params.lang);
  if (!locale) throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  return { locale };
}

export default function LocaleLayout() {
  return <Outlet />;
}
