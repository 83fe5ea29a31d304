import { fieldId } from '#core/content-form.ts';
import type { ContentField, FieldProblem } from '#core/content-schema.ts';
import { labelOfPath } from './field-labels.ts';

interface Answer {
  ok: boolean;
  message?: string;
  referrers?: Array<{ contentType: string; uid: string; locale: string; title: string }>;
}

/**
 * An editor action's answer: a confirmation, or a refusal with the entries that block it, as links. A refused
 * save with field problems is told by its ProblemSummary instead.
 */
export function RefusalMessage({ answer }: { answer: Answer | undefined }) {
  if (!answer?.message) return null;
  if (!answer.ok && (answer as { problems?: unknown[] }).problems?.length) return null;
  if (answer.ok)
    return (
      <p className="admin-notice admin-notice--ok" role="status">
        {answer.message}
      </p>
    );
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>{answer.message}</p>
      {answer.referrers?.length ? (
        <>
          <p>Published entries that reference it:</p>
          <ul>
            {answer.referrers.map((referrer) => (
              <li key={`${referrer.contentType}/${referrer.uid}/${referrer.locale}`}>
                <a href={`/admin/content/${referrer.contentType}/${referrer.uid}/${referrer.locale}`}>
                  {referrer.title || referrer.uid}
                </a>{' '}
                <span className="admin-muted">
                  ({referrer.contentType}, {referrer.locale})
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The problems of a refused save, each linking to its field. */
export function ProblemSummary({
  problems,
  schema,
  message,
}: {
  problems: FieldProblem[];
  schema: readonly ContentField[];
  message: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div
      className="admin-notice admin-notice--error content-problems"
      role="alert"
      aria-labelledby="content-problems-title"
    >
      <p id="content-problems-title">
        <strong>{message}</strong>{' '}
        {problems.length === 1 ? 'One field needs attention:' : `${problems.length} fields need attention:`}
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.path.join('.')}:${problem.message}`}>
            <a href={`#${fieldId(problem.path)}`}>{labelOfPath(schema, problem.path)}</a>: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The problems and the posted fields of a refused save (an answer of another shape has neither). */
export function refusedFields(answer: unknown): {
  problems: FieldProblem[];
  posted: Record<string, unknown> | undefined;
} {
  const refused = answer as
    | { ok?: boolean; problems?: FieldProblem[]; fields?: Record<string, unknown> }
    | undefined;
  if (refused?.ok !== false) return { problems: [], posted: undefined };
  return { problems: refused.problems ?? [], posted: refused.fields };
}
