import { type SessionView, tokensMatch } from '#server/commerce/index.ts';

/** Page forms carry the session's anti-forgery token as the `csrf` field (SPEC §6), like the /api header. */
export function csrfOk(session: SessionView | null, form: FormData): boolean {
  if (!session) return false;
  return tokensMatch(String(form.get('csrf') ?? ''), session.csrfToken);
}

/** Whether the form was sent by the enhanced (JavaScript) page: it adds `js=1`; plain forms get a redirect. */
export function fromScript(form: FormData): boolean {
  return form.get('js') === '1';
}
