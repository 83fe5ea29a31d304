/**
 * How the management protocol fails: the hosted service's error shape `{ error_message, error_code, errors }`
 * (errors per field), with the status a client acts on. The service's refusals (contract.ts) map here in one
 * table; anything else is a fault answered 500 by the router.
 */
import type { ContentRefusal } from '../contract.ts';
import { ContentManagementError } from '../errors.ts';

export interface ManagementErrorBody {
  error_message: string;
  error_code: number;
  errors: Record<string, string[]>;
  /** Referenced: the published entries that still point at the entry. */
  referrers?: Array<{ content_type_uid: string; uid: string; locale: string; title: string }>;
  /** Stale: the version the entry is at now. */
  current_version?: number;
}

export type ManagementStatus = 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 415 | 422;

export class ManagementError extends Error {
  constructor(
    readonly status: ManagementStatus,
    readonly body: ManagementErrorBody,
  ) {
    super(body.error_message);
    this.name = 'ManagementError';
  }
}

/** A request the protocol cannot read (bad JSON, a parameter of the wrong shape): 400, naming the field. */
export const badRequest = (message: string, field: string) =>
  new ManagementError(400, { error_message: message, error_code: 141, errors: { [field]: [message] } });

/** Problems of an entry's fields, keyed by dotted path (`modules.2.banner`) as the hosted service does. */
export function problemsByField(problems: ReadonlyArray<{ path: Array<string | number>; message: string }>) {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const key = problem.path.length > 0 ? problem.path.join('.') : 'entry';
    errors[key] = [...(errors[key] ?? []), problem.message];
  }
  return errors;
}

/** The refusal a thrown error carries, or null for a fault. */
export function refusalOf(error: unknown): ContentRefusal | null {
  return error instanceof ContentManagementError ? error.refusal : null;
}

/**
 * The one table from a refusal of the content management service to the protocol's answer: the hosted service's
 * statuses and error codes (a validation problem is 422 there, where core/error-codes.ts gives pages 400).
 */
export function refusalError(refusal: ContentRefusal): ManagementError {
  switch (refusal.code) {
    case 'not-found':
      return new ManagementError(404, {
        error_message: refusal.message,
        error_code: 141,
        errors: { uid: ['is not valid.'] },
      });
    case 'invalid':
      return new ManagementError(422, {
        error_message: refusal.message,
        error_code: 119,
        errors: problemsByField(refusal.problems),
      });
    case 'referenced':
      return new ManagementError(409, {
        error_message: refusal.message,
        error_code: 147,
        errors: {
          entry: refusal.referrers.map(
            (ref) => `is referenced by ${ref.contentType} '${ref.title}' (${ref.uid}, ${ref.locale}).`,
          ),
        },
        referrers: refusal.referrers.map((ref) => ({
          content_type_uid: ref.contentType,
          uid: ref.uid,
          locale: ref.locale,
          title: ref.title,
        })),
      });
    case 'stale':
      return new ManagementError(409, {
        error_message: refusal.message,
        error_code: 119,
        errors: { _version: [`is not the latest version (${refusal.currentVersion}).`] },
        current_version: refusal.currentVersion,
      });
  }
}
