import { Form, useFetcher } from 'react-router';
import { useText } from '../lib/locale/use-text.ts';
import { useHydrated } from '../lib/router/use-hydrated.ts';

/**
 * The two consent buttons. Without JavaScript they post a plain form that redirects back to the page; with it,
 * a fetcher saves the choice in place, so the visit is not counted as a new page view.
 */
export function ConsentChoices({ localeSegment, returnTo }: { localeSegment: string; returnTo: string }) {
  const hydrated = useHydrated();
  const t = useText();
  const fetcher = useFetcher();
  const action = `/${localeSegment}/consent`;
  const buttons = (
    <div className="consent-choices">
      <button type="submit" name="choice" value="all" className="button">
        {t('accept all')}
      </button>
      <button type="submit" name="choice" value="necessary" className="button button--ghost">
        {t('only necessary')}
      </button>
    </div>
  );
  if (!hydrated) {
    return (
      <Form method="post" action={action} reloadDocument>
        <input type="hidden" name="returnTo" value={returnTo} />
        {buttons}
      </Form>
    );
  }
  const saved = (fetcher.data as { consent?: unknown } | undefined)?.consent;
  return (
    <fetcher.Form method="post" action={action}>
      {buttons}
      {saved && fetcher.state === 'idle' ? (
        <p role="status" className="form-success">
          {t('choice saved')}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
