import { type FormEvent, useState } from 'react';
import { Form, useFetcher, useLocation } from 'react-router';
import { botToken } from '../../lib/forms/bot-protection.client.ts';
import { useText } from '../../lib/locale/use-text.ts';
import type { NewsletterView } from '../../lib/shell/newsletter-view.ts';
import type { NewsletterResult } from '../../routes/newsletter.tsx';

/**
 * The footer's email signup. Without JavaScript it posts and comes back to the page; with it, it submits in
 * place and, when bot protection is configured, adds a token for the 'signup' action. One form either way: an
 * address typed before the footer hydrates stays in its field (decision 0026 hydrates the footer later).
 */
export function NewsletterSignup({
  view,
  localeSegment,
  siteKey,
}: {
  view: NewsletterView;
  localeSegment: string;
  siteKey: string | null;
}) {
  const t = useText();
  const fetcher = useFetcher<NewsletterResult>();
  const { pathname, search } = useLocation();
  const [clientError, setClientError] = useState<string | null>(null);
  const subscribedWithoutScript = new URLSearchParams(search).has('subscribed');
  const result = fetcher.data;
  const action = `/${localeSegment}/newsletter`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Answered in place, not by the redirect back to the page a post without JavaScript gets.
    form.delete('returnTo');
    try {
      const token = await botToken(siteKey, 'signup');
      if (token) form.set('token', token);
      setClientError(null);
      await fetcher.submit(form, { method: 'post', action });
    } catch (error) {
      setClientError(error instanceof Error ? error.message : String(error));
    }
  };

  const fields = (
    <>
      <label htmlFor="newsletter-email" className="newsletter__label">
        {t('newsletter placeholder')}
      </label>
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="name@example.com"
          aria-describedby="newsletter-status"
        />
        <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
          {t('newsletter submit')}
        </button>
      </div>
      {view.lists.length > 1 ? (
        <fieldset className="newsletter__lists">
          <legend className="visually-hidden">{t('newsletters')}</legend>
          {view.lists.map((list, index) => (
            <label key={list.id}>
              <input type="checkbox" name="list" value={list.id} defaultChecked={index === 0} /> {list.name}
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="list" value={view.lists[0]!.id} />
      )}
      {view.consent ? <p className="newsletter__consent">{view.consent}</p> : null}
      <p
        id="newsletter-status"
        role="status"
        className={result?.ok === false || clientError ? 'form-error' : 'form-success'}
      >
        {clientError ??
          (result
            ? result.ok
              ? t('newsletter thanks')
              : t(result.error)
            : subscribedWithoutScript
              ? t('newsletter thanks')
              : '')}
      </p>
    </>
  );

  return (
    <section id="newsletter" className="newsletter" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className="site-footer__heading">
        {view.heading ?? t('newsletter heading')}
      </h2>
      <p>{view.body ?? t('newsletter copy')}</p>
      <Form method="post" action={action} reloadDocument onSubmit={submit}>
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        {fields}
      </Form>
    </section>
  );
}
