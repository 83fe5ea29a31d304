import type { StorefrontContext } from '../router/storefront-context.server.ts';

/** Page forms carry the session's anti-forgery token as the `csrf` field (SPEC §6), like the /api header. */
export function csrfOk(ctx: StorefrontContext, form: FormData): boolean {
  return ctx.services.sessions.csrfMatches(ctx.session, form.get('csrf'));
}

/** Whether the form was sent by the enhanced (JavaScript) page: it adds `js=1`; plain forms get a redirect. */
export function fromScript(form: FormData): boolean {
  return form.get('js') === '1';
}
