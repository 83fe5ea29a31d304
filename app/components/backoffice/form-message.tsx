import type { StaffFormAnswer } from '../../lib/backoffice/form.server.ts';

type Answer = StaffFormAnswer | { ok: true; message?: string } | undefined;

/** A form's answer: a refusal (role="alert") or a confirmation (role="status"). */
export function FormMessage({ answer }: { answer: Answer }) {
  if (!answer?.message) return null;
  return answer.ok ? (
    <p className="admin-notice admin-notice--ok" role="status">
      {answer.message}
    </p>
  ) : (
    <p className="admin-notice admin-notice--error" role="alert">
      {answer.message}
    </p>
  );
}

/** The message for one field of a refused form, tied to its input by id. */
export function FieldError({ answer, name }: { answer: Answer; name: string }) {
  const message = answer && !answer.ok ? answer.fieldErrors[name] : undefined;
  if (!message) return null;
  return (
    <span className="admin-field-error" id={`${name}-error`}>
      {message}
    </span>
  );
}
