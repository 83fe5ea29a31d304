import type { FormEvent } from 'react';
import { Form, useFetcher } from 'react-router';
import { submittedForm } from '../lib/forms/submitted-form.ts';
import { useText } from '../lib/locale/use-text.ts';

/**
 * The two consent buttons. Without JavaScript they post a plain form that redirects back to the page; with it,
 * a fetcher saves the choice in place, so the visit is not counted as a new page view. One form either way: a
 * form swapped for another at hydration would replace the buttons, and a keyboard user who had reached one
 * before the page hydrated would lose their place.
 */
export function ConsentChoices({ localeSegment, returnTo }: { localeSegment: string; returnTo: string }) {
  const t = useText();
  const fetcher = useFetcher();
  const action = `/${localeSegment}/consent`;
  const saved = (fetcher.data as { consent?: unknown } | undefined)?.consent;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = submittedForm(event);
    // Answered in place, not by the redirect back to the page a post without JavaScript gets.
    form.delete('returnTo');
    void fetcher.submit(form, { method: 'post', action });
  };

  return (
    <Form method="post" action={action} reloadDocument onSubmit={submit}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="consent-choices">
        <button type="submit" name="choice" value="all" className="button">
          {t('accept all')}
        </button>
        <button type="submit" name="choice" value="necessary" className="button button--ghost">
          {t('only necessary')}
        </button>
      </div>
      {saved && fetcher.state === 'idle' ? (
        <p role="status" className="form-success">
          {t('choice saved')}
        </p>
      ) : null}
    </Form>
  );
}
