import { useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before a changed form is left (issue 40): a navigation inside the back office (a link, another form of the
 * page) is held by React Router's blocker and answered in a dialog; a reload, a typed address or a closed tab
 * get the browser's own question (beforeunload), the only one a page may ask then. `isSaving` tells the form's
 * own submission apart, which must never be held.
 */
export function LeaveGuard({ changed, isSaving }: { changed: boolean; isSaving: () => boolean }) {
  const blocker = useBlocker(() => changed && !isSaving());
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

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

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocker.state === 'blocked' && !element.open) element.showModal();
    if (blocker.state !== 'blocked' && element.open) element.close();
  }, [blocker.state]);

  return (
    <dialog
      ref={dialog}
      className="content-picker content-leave"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape keeps the editor where it was, as "Keep editing" does.
      onCancel={() => blocker.reset?.()}
    >
      <h2 id={titleId}>Leave without saving?</h2>
      <p id={textId}>Your changes to this form are not saved. If you go on, they are lost.</p>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => blocker.reset?.()}>
          Keep editing
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => blocker.proceed?.()}
        >
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
