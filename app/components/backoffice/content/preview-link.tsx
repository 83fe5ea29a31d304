import { useId } from 'react';
import { useFetcher } from 'react-router';
import { PREVIEW_ACTION } from '../../../lib/backoffice/content/preview-url.ts';
import { CsrfField } from '../csrf-field.tsx';

interface LinkAnswer {
  ok: boolean;
  message?: string;
  link?: string;
  expiresAt?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * "Create preview link (24 h)": posts to the preview action and shows the signed link to copy, which opens the
 * storefront page with the drafts for anyone, for 24 hours. For the editor page (a fixed `path`) and the preview
 * page (`editablePath`).
 */
export function PreviewLinkForm({ path, editablePath = false }: { path: string; editablePath?: boolean }) {
  const id = useId();
  const fetcher = useFetcher<LinkAnswer>();
  const answer = fetcher.data;
  const pathError = answer && !answer.ok ? answer.fieldErrors?.path : undefined;
  return (
    <div className="admin-form admin-form--narrow">
      <fetcher.Form
        method="post"
        action={PREVIEW_ACTION}
        className="admin-form"
        aria-label="Create a preview link"
      >
        <CsrfField />
        <input type="hidden" name="intent" value="link" />
        {editablePath ? (
          <>
            <label htmlFor={`${id}-path`}>Page to share</label>
            <input
              id={`${id}-path`}
              name="path"
              type="text"
              defaultValue={path}
              required
              maxLength={2000}
              aria-invalid={pathError ? true : undefined}
              aria-describedby={pathError ? `${id}-path-error` : undefined}
            />
            {pathError ? (
              <span className="admin-field-error" id={`${id}-path-error`}>
                {pathError}
              </span>
            ) : null}
          </>
        ) : (
          <input type="hidden" name="path" value={path} />
        )}
        <button
          type="submit"
          className="admin-button admin-button--quiet"
          disabled={fetcher.state !== 'idle'}
        >
          Create preview link (24 h)
        </button>
      </fetcher.Form>
      {answer?.ok && answer.link ? (
        <div className="admin-secret" role="status">
          <label htmlFor={`${id}-link`}>
            Preview link, valid until{' '}
            {new Date(answer.expiresAt ?? '').toLocaleString('en-GB', { timeZone: 'UTC' })} UTC
          </label>
          <input
            id={`${id}-link`}
            type="text"
            readOnly
            value={answer.link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <span className="admin-muted">{answer.message}</span>
        </div>
      ) : answer && !answer.ok && !pathError ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}
