import { useContext, useEffect, useRef } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
} from 'react-router';

let lastKey = 0;

/**
 * Asks before a changed form is left (issue 40): a navigation inside the back office (a link, another form of the
 * page, the back button) is held by the router and answered in a dialog; a reload, a typed address or a closed
 * tab get the browser's own question (beforeunload), the only one a page may ask then. `isSaving` tells the
 * form's own submission apart, which must never be held.
 *
 * React Router's `useBlocker`, written against the router's blocker API: importing the hook put its code in the
 * framework chunk every storefront page loads (+0.2 KB gzip, past the home and category budgets), while the
 * router's blocker support ships anyway. The app has no basename, so paths need no stripping.
 */
export function LeaveGuard({ changed, isSaving }: { changed: boolean; isSaving: () => boolean }) {
  const router = useContext(DataRouterContext)?.router;
  const blockers = useContext(DataRouterStateContext)?.blockers;
  const latest = useRef({ changed, isSaving });
  latest.current = { changed, isSaving };
  const key = useRef('');
  key.current ||= `leave-guard-${++lastKey}`;
  const blocker = blockers?.get(key.current);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const id = key.current;
    // One function for the router to ask, reading the latest props: the router keeps the function it is given.
    router?.getBlocker(id, () => latest.current.changed && !latest.current.isSaving());
    return () => router?.deleteBlocker(id);
  }, [router]);

  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set; its text is never shown.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);

  const blocked = blocker?.state === 'blocked';
  useEffect(() => {
    const element = dialog.current;
    if (blocked && !element?.open) element?.showModal();
    if (!blocked && element?.open) element.close();
  }, [blocked]);

  return (
    <dialog
      ref={dialog}
      className="content-picker"
      aria-labelledby="leave-guard-title"
      aria-describedby="leave-guard-text"
      // Escape keeps the editor where it was, as "Keep editing" does.
      onCancel={() => blocker?.reset?.()}
    >
      <h2 id="leave-guard-title">Leave without saving?</h2>
      <p id="leave-guard-text">Your changes to this form are not saved. If you go on, they are lost.</p>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => blocker?.reset?.()}>
          Keep editing
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => blocker?.proceed?.()}
        >
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
