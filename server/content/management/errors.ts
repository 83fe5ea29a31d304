import type { FieldProblem } from '#core/content-schema.ts';
import { type ErrorCode, statusOf } from '#core/error-codes.ts';
import type { ContentRefusal } from './contract.ts';

/**
 * A refusal of the content management service (contract.ts): its `refusal` says why, with what an editor needs
 * to act (the problems per field, the entries that still reference, the current version), and its code picks the
 * HTTP status at the edge (core/error-codes.ts).
 */
export class ContentManagementError extends Error {
  readonly refusal: ContentRefusal;
  constructor(refusal: ContentRefusal) {
    super(refusal.message);
    this.name = 'ContentManagementError';
    this.refusal = refusal;
  }
  get code(): ErrorCode {
    return this.refusal.code;
  }
  get status(): number {
    return statusOf(this.refusal.code);
  }
}

export const notFound = (message: string) => new ContentManagementError({ code: 'not-found', message });

export const invalid = (problems: FieldProblem[], message = 'The entry has problems: see the fields.') =>
  new ContentManagementError({ code: 'invalid', message, problems });

/** One problem not tied to a field of the entry (`path` names the input, e.g. ['locale']). */
export const invalidInput = (path: Array<string | number>, message: string) =>
  new ContentManagementError({ code: 'invalid', message, problems: [{ path, message }] });

export const stale = (currentVersion: number) =>
  new ContentManagementError({
    code: 'stale',
    message: `Someone saved this entry since you opened it (it is at version ${currentVersion} now). Reload it, then make your change again.`,
    currentVersion,
  });

/** The stable code of a content management refusal, or null. */
export function contentErrorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ContentManagementError ? error.code : null;
}
