import { redirect } from 'react-router';
import { clearSessionCookie, commerceFor, requestIsHttps } from '#server/commerce/index.ts';
import { storefrontContext } from '../lib/storefront-context.server.ts';
import type { Route } from './+types/account-logout';

/**
 * Sign out (§4): the session ends server-side (customer, pro state and its cart link go with it), the cookie is
 * cleared, and the home page loads again so the header shows a signed-out visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, session, locale } = await storefrontContext(request, context);
  const sessions = commerceFor(services).sessions;
  if (session) await sessions.destroy(session.sessionId);
  // Signing out ends the customer's sessions on every device.
  if (session?.customer) await sessions.endForCustomer(session.customer.id);
  throw redirect(`/${locale.segment}`, {
    status: 303,
    headers: { 'Set-Cookie': clearSessionCookie(requestIsHttps(request, services.config.TRUST_PROXY)) },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await storefrontContext(request, context);
  throw redirect(`/${locale.segment}/account`);
}
