import type { ComponentType } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { ActionErrors, FieldErrors } from '../../lib/account/forms.ts';
import { useBotSubmit } from '../../lib/account/use-bot-form.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { FormAlert } from './form-field.tsx';
import { IdentityFields } from './identity-fields.tsx';

/** The two sign-up pages: heading (also the button) and intro as display-text keys, and where to sign in. */
const SIGN_UP_PAGES = {
  account: {
    headingId: 'create-heading',
    title: 'create account',
    intro: 'create account copy',
    signIn: 'account/login',
  },
  pro: {
    headingId: 'pro-create-heading',
    title: 'create pro account',
    intro: 'pro signup copy',
    signIn: 'pro/signup',
  },
} as const;

/**
 * A sign-up page (account and pro): the heading, the answer once the form is sent or else the page's intro,
 * the form with bot protection (the identity fields, then the page's own), and the way to sign in instead.
 */
export function SignUpCard({
  page,
  loaderData,
  actionData,
  moreFields: MoreFields,
}: {
  page: keyof typeof SIGN_UP_PAGES;
  /** `returnTo`, when the page has one, goes back with the form. */
  loaderData: { segment: string; sent: boolean; returnTo?: string };
  actionData?: ActionErrors;
  /** The page's own fields after the identity fields. */
  moreFields?: ComponentType<{ errors: FieldErrors; values: Record<string, string> }>;
}) {
  const t = useText();
  const navigation = useNavigation();
  const onSubmit = useBotSubmit('signup');
  const { headingId, title, intro, signIn } = SIGN_UP_PAGES[page];
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <div className="container account-auth account-auth--single">
      <section className="auth-card" aria-labelledby={headingId}>
        <h1 id={headingId}>{t(title)}</h1>
        {loaderData.sent ? <SignUpSent /> : <p>{t(intro)}</p>}
        <Form method="post" className="stack-form" onSubmit={onSubmit} noValidate>
          <FormAlert message={actionData?.formError} />
          {loaderData.returnTo === undefined ? null : (
            <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          )}
          <IdentityFields errors={errors} values={values} withPassword />
          {MoreFields ? <MoreFields errors={errors} values={values} /> : null}
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t(title)}
          </button>
        </Form>
        <p className="auth-card__aside">
          {t('have an account')} <Link to={`/${loaderData.segment}/${signIn}`}>{t('sign in')}</Link>
        </p>
      </section>
    </div>
  );
}

/**
 * The answer to a sign-up form (issue 17 #8): the same for a new and a known address, so the form never tells
 * whether an address has an account; the mail tells which it was.
 */
function SignUpSent() {
  const t = useText();
  return (
    <div role="status" className="form-success">
      <p>
        <strong>{t('signup check email')}</strong>
      </p>
      <p>{t('signup check email copy')}</p>
    </div>
  );
}
