/**
 * How a malformed search request fails: one error type with the HTTP status and the messages the protocol
 * answers with (SPEC §7), and the shape check the request grammar and the filters share.
 */
export class SearchRequestError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(', '));
    this.name = 'SearchRequestError';
  }
}

export const invalid = (message: string) => new SearchRequestError(400, [message]);

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
