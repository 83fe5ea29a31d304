import { type ErrorCode, type ErrorStatus, statusOf } from '#core/error-codes.ts';
import type { MoneyVerdict } from '#core/money-guard.ts';

/**
 * A refusal of the commerce engine, with a stable `code` (core/error-codes.ts). The edge turns it into a status
 * and a message (`/api`: `{ status, title, detail }`; pages: the code's display text); nothing parses messages.
 * Only server code checks `instanceof`: the storefront asks `services.errorCode(error)`.
 */
export class CommerceError extends Error {
  readonly status: ErrorStatus;
  constructor(
    readonly code: ErrorCode,
    readonly title: string,
    readonly detail?: string,
    options: {
      /** Seconds until a throttled action may be tried again (code 'too-many-attempts'). */
      retryAfter?: number;
      /** Only where the /api contract tells two cases of one code apart (checkout: 404 no cart, 410 closed). */
      status?: ErrorStatus | 400 | 404 | 410 | 422;
      /** The form fields the refusal is about, each with its message (a back-office form shows them by the field). */
      fields?: Record<string, string>;
    } = {},
  ) {
    super(detail ?? title);
    this.name = 'CommerceError';
    this.status = (options.status ?? statusOf(code)) as ErrorStatus;
    this.retryAfter = options.retryAfter;
    this.fields = options.fields;
  }
  readonly retryAfter?: number;
  readonly fields?: Record<string, string>;
}

export const notFound = (detail?: string) => new CommerceError('not-found', 'Not Found', detail);
export const badRequest = (detail: string, fields?: Record<string, string>) =>
  new CommerceError('invalid', 'Bad Request', detail, { fields });
export const conflict = (detail: string, code: ErrorCode = 'conflict', fields?: Record<string, string>) =>
  new CommerceError(code, 'Conflict', detail, { fields });
/** A money change whose effect (named in `detail`) the person must confirm before it is saved (issue 40). */
export const needsConfirmation = (detail: string, fields?: Record<string, string>) =>
  new CommerceError('needs-confirmation', 'Conflict', detail, { fields });
/**
 * Acts on the money guard's verdict (core/money-guard.ts): a change that makes anything free is refused (400, with
 * `fields` to point at) even when confirmed; a large drop is refused (409, needs-confirmation) until the person
 * confirms it.
 */
export function enforceMoneyVerdict(
  result: MoneyVerdict,
  confirmed: boolean,
  fields?: Record<string, string>,
): void {
  if (result.verdict === 'refuse') throw badRequest(result.message, fields);
  if (result.verdict === 'confirm' && !confirmed) throw needsConfirmation(result.message);
}

export const gone = (detail: string) => new CommerceError('gone', 'Gone', detail);
export const unprocessable = (detail: string, code: ErrorCode = 'not-purchasable') =>
  new CommerceError(code, 'Unprocessable Entity', detail);
export const unauthorized = (detail: string, code: ErrorCode = 'signed-out') =>
  new CommerceError(code, 'Unauthorized', detail);
export const forbidden = (detail: string, code: ErrorCode = 'forbidden') =>
  new CommerceError(code, 'Forbidden', detail);
export const tooManyAttempts = (retryAfter: number) =>
  new CommerceError('too-many-attempts', 'Too Many Requests', 'Too many attempts; try again later', {
    retryAfter,
  });

/** The code of an engine refusal, or null for anything else (a bug or an outage: let it reach the 500/503 path). */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof CommerceError ? error.code : null;
}
