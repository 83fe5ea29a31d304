import { localizedPath } from '#core/locale-prefix.ts';
import { localeFreeReturnPath } from '../forms/return-path.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';

/** Where to go after signing in: a local path from `returnTo`, in the current locale; else the account. */
export function afterSignIn(ctx: StorefrontContext, returnTo: string | null | undefined): string {
  if (!returnTo) return `/${ctx.locale.segment}/account`;
  const path = localeFreeReturnPath(returnTo);
  return path === '/' ? `/${ctx.locale.segment}/account` : localizedPath(ctx.locale, path);
}
