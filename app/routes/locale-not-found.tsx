import { data } from 'react-router';
import type { Route } from './+types/locale-not-found';

// No route matches (SPEC §8).
export function loader({ request }: Route.LoaderArgs): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function LocaleNotFound() {
  return null;
}
