/**
 * Redirect loop limit (SPEC §5, §8, §9): at most 10 redirects; beyond it the response is 400
 * 'Too many redirects'.
 */

export const REDIRECT_LIMIT = 10;
export const TOO_MANY_REDIRECTS = { status: 400, message: 'Too many redirects' } as const;

/** `count` is the number of redirects already followed, this one included. */
export function redirectLimitError(count: number): typeof TOO_MANY_REDIRECTS | null {
  return count > REDIRECT_LIMIT ? TOO_MANY_REDIRECTS : null;
}
