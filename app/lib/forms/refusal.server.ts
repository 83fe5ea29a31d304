import { data } from 'react-router';
import { type ErrorCode, statusOf, textKeyOf } from '#core/error-codes.ts';
import type { ActionErrors } from '../account/forms.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';

export type Attempt<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };

/**
 * Runs an engine call and turns its refusal (a coded CommerceError) into data; anything else, a fault, is
 * thrown on to the error page and its status (500, or 503 while the database is away).
 */
export async function attempt<T>(ctx: StorefrontContext, call: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const code = ctx.services.errorCode(error);
    if (code === null) throw error;
    return { ok: false, code };
  }
}

/**
 * A form's answer to a refusal: the code's status and display-text key (core/error-codes.ts), on the named field
 * when the refusal is about one, else as the form's message.
 */
export function refusal<T extends ActionErrors = ActionErrors>(
  code: ErrorCode,
  values: Record<string, string>,
  fields: Partial<Record<ErrorCode, string>> = {},
) {
  const field = fields[code];
  const body = (
    field
      ? { errors: { [field]: textKeyOf(code) }, values }
      : { errors: {}, formError: textKeyOf(code), values }
  ) as T;
  return data<T>(body, { status: statusOf(code) });
}
