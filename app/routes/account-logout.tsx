import { redirect } from 'react-router';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import type { Route } from './+types/account-logout';

/**
 * Sign out (§4): the session ends server-side on every device (customer, pro state and its cart link go with
 * it), the cookie is cleared, and the home page loads again so the header shows a signed-out visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, session, locale } = await storefrontContext(request, context);
  await services.commerce.accounts.signOut(session);
  throw redirect(`/${locale.segment}`, {
    status: 303,
    headers: { 'Set-Cookie': services.sessions.clearCookie(request) },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await storefrontContext(request, context);
  throw redirect(`/${locale.segment}/account`);
}
