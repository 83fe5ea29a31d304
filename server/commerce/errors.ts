/**
 * Named domain errors of the commerce engine. The HTTP layer turns them into `{ status, title, detail }`;
 * nothing parses their messages.
 */
export class CommerceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429,
    readonly title: string,
    readonly detail?: string,
  ) {
    super(detail ?? title);
    this.name = 'CommerceError';
  }
}

export const notFound = (detail?: string) => new CommerceError(404, 'Not Found', detail);
export const badRequest = (detail: string) => new CommerceError(400, 'Bad Request', detail);
export const conflict = (detail: string) => new CommerceError(409, 'Conflict', detail);
export const gone = (detail: string) => new CommerceError(410, 'Gone', detail);
export const unprocessable = (detail: string) => new CommerceError(422, 'Unprocessable Entity', detail);
export const unauthorized = (detail: string) => new CommerceError(401, 'Unauthorized', detail);
export const forbidden = (detail: string) => new CommerceError(403, 'Forbidden', detail);

/**
 * Whether a value is a CommerceError. The server entry runs from source while routes run from the Vite bundle,
 * so this module can exist twice in one process: route code checks the shape, never `instanceof`.
 */
export function isCommerceError(error: unknown): error is CommerceError {
  return (
    error instanceof Error &&
    (error.name === 'CommerceError' || error.name === 'CheckoutError') &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}
