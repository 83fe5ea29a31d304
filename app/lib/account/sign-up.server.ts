import { data, redirect } from 'react-router';
import type { StorefrontCommerce } from '#server/commerce/index.ts';
import { attempt, refusal } from '../forms/refusal.server.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';
import type { ActionErrors } from './forms.ts';

type SignUp = StorefrontCommerce['accounts']['signUp'];

/**
 * The end of both sign-up actions (account and pro, §8), once the form is valid: the bot check, the sign-up in
 * the engine (with its throttles), then the same answer for a new and a known address (issue 17 #8): back to
 * the form at `sentPath` with ?sent=1. A refusal answers with the form's values kept.
 */
export async function signUpAction(
  ctx: StorefrontContext,
  form: {
    token: string | undefined;
    input: Parameters<SignUp>[2];
    options: Parameters<SignUp>[3];
    values: Record<string, string>;
    sentPath: string;
  },
) {
  const { values } = form;
  const check = await ctx.services.botProtection.verify(form.token, 'signup');
  if (!check.ok)
    return data<ActionErrors>({ errors: {}, formError: 'error bot check', values }, { status: 403 });
  const started = await attempt(ctx, () =>
    ctx.services.commerce.accounts.signUp(ctx.caller, ctx.locale.commerceRegion, form.input, form.options),
  );
  if (!started.ok) return refusal(started.code, values);
  throw redirect(`/${ctx.locale.segment}/${form.sentPath}?sent=1`, 303);
}
