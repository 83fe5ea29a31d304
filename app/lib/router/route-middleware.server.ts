import { redirect } from 'react-router';
import { storefrontContext } from './storefront-context.server.ts';

type Middleware = (
  args: { request: Request; context: Parameters<typeof storefrontContext>[1] },
  next: () => Promise<Response>,
) => Promise<Response | undefined>;

/**
 * auth (SPEC §2, §6): a signed-out visitor goes to sign-in and comes back to the page after signing in.
 */
const auth: Middleware = async ({ request, context }, next) => {
  const { session, locale } = await storefrontContext(request, context);
  if (!session?.customer) {
    const url = new URL(request.url);
    const returnTo = `${url.pathname}${url.search}`;
    throw redirect(`/${locale.segment}/account/login?returnTo=${encodeURIComponent(returnTo)}`);
  }
  return next();
};

const NAMED: Record<string, Middleware> = { auth };

export class UnknownRouteMiddlewareError extends Error {
  constructor(readonly middlewareName: string) {
    super(`Unknown route middleware: ${middlewareName}`);
    this.name = 'UnknownRouteMiddlewareError';
  }
}

/** Route metadata names middleware; a name the app does not know is a programming error (§8). */
export function routeMiddleware(names: readonly string[]): Middleware[] {
  return names.map((name) => {
    const middleware = NAMED[name];
    if (!middleware) throw new UnknownRouteMiddlewareError(name);
    return middleware;
  });
}
