import { data, redirect } from 'react-router';
import { z } from 'zod';
import { contentLocaleOf } from '#core/locale.ts';
import { localizedPath } from '#core/locale-prefix.ts';
import { parseForm } from '../lib/account/forms.ts';
import { emailField } from '../lib/account/schemas.ts';
import { localeFreeReturnPath } from '../lib/forms/return-path.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { newsletterView } from '../lib/shell/newsletter-view.ts';
import type { Route } from './+types/newsletter';

const signupSchema = z.object({
  email: emailField,
  lists: z.array(z.string().max(100)).min(1, { error: 'error newsletter list' }).max(20),
  token: z.string().max(4000).optional(),
  returnTo: z.string().max(2000).optional(),
});

export type NewsletterResult = { ok: true; error: null } | { ok: false; error: string };

/** Footer email signup (SPEC §1, §3): validated, bot-checked, stored once per list. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const form = await request.formData();
  const parsed = parseForm(signupSchema, {
    email: String(form.get('email') ?? ''),
    lists: form.getAll('list').map(String),
    token: form.get('token') ?? undefined,
    returnTo: form.get('returnTo') ?? undefined,
  });
  // Messages are display-text keys; the form shows them in the page's language.
  const fail = (error: string, status: number) => data<NewsletterResult>({ ok: false, error }, { status });
  if (!parsed.ok) return fail(Object.values(parsed.errors)[0] ?? 'error check form', 400);

  const contentLocale = contentLocaleOf(locale);
  const settings = newsletterView(
    ((await services.content.client.emailSignupSettings(contentLocale, locale.contentRegion)) ??
      null) as Record<string, unknown> | null,
  );
  const offered = new Set(settings?.lists.map((list) => list.id) ?? []);
  if (!parsed.data.lists.every((id) => offered.has(id))) return fail('error newsletter region', 400);

  const check = await services.botProtection.verify(parsed.data.token, 'signup');
  if (!check.ok) return fail('error bot check', 403);

  await services.newsletter.subscribe({
    email: parsed.data.email,
    listIds: parsed.data.lists,
    locale: contentLocale,
    contentRegion: locale.contentRegion,
  });
  if (parsed.data.returnTo !== undefined) {
    const back = localeFreeReturnPath(parsed.data.returnTo);
    const separator = back.includes('?') ? '&' : '?';
    return redirect(`${localizedPath(locale, back)}${separator}subscribed=1#newsletter`, 303);
  }
  return data<NewsletterResult>({ ok: true, error: null });
}

export function loader(): never {
  throw redirect('/');
}
