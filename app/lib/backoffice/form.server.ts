import { timingSafeEqual } from 'node:crypto';
import { data } from 'react-router';
import type { z } from 'zod';
import { statusOf } from '#core/error-codes.ts';
import type { Services } from '#server/services.ts';
import type { ConfirmAnswer } from './confirmation.ts';

/** What a back-office action answers when it refuses: a message for the form, field messages, the values sent. */
export interface StaffFormAnswer {
  ok: false;
  message: string;
  fieldErrors: Record<string, string>;
}

export type Parsed<T> =
  | { ok: true; data: T; form: FormData }
  | { ok: false; answer: ReturnType<typeof refuse> };

function tokensMatch(sent: string, expected: string): boolean {
  const left = Buffer.from(sent);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function refuse(status: number, message: string, fieldErrors: Record<string, string> = {}) {
  return data<StaffFormAnswer>({ ok: false, message, fieldErrors }, { status });
}

/**
 * Reads a back-office form: its anti-forgery field (`csrf`, the staff session's token) first, then the zod schema.
 * A missing or wrong token answers 403 and a bad field 400 with a message per field; neither reaches a use case.
 */
export async function parseStaffForm<S extends z.ZodType>(
  request: Request,
  csrfToken: string,
  schema: S,
): Promise<Parsed<z.infer<S>>> {
  const form = await request.formData();
  const sent = form.get('csrf');
  if (typeof sent !== 'string' || !tokensMatch(sent, csrfToken))
    return {
      ok: false,
      answer: refuse(
        403,
        'This form has expired or did not come from the back office. Reload the page and try again.',
      ),
    };
  const result = schema.safeParse(Object.fromEntries(form));
  if (!result.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      fieldErrors[field] ??= issue.message;
    }
    return { ok: false, answer: refuse(400, 'Check the highlighted fields.', fieldErrors) };
  }
  return { ok: true, data: result.data, form };
}

/**
 * Runs a use case; an engine refusal (a coded error) becomes the form's answer with its status and message, anything
 * else (a fault) goes on to the error page.
 */
export async function attemptStaff<T>(
  services: Pick<Services, 'errorCode'>,
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; answer: ReturnType<typeof refuse> }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const code = services.errorCode(error);
    if (code === null) throw error;
    const status = (error as { status?: number }).status ?? statusOf(code);
    const retry = (error as { retryAfter?: number }).retryAfter;
    const fields = (error as { fields?: Record<string, string> }).fields ?? {};
    const message = error instanceof Error ? error.message : 'The change was refused.';
    return { ok: false, answer: refuse(status, retry ? `${message} (in ${retry} s)` : message, fields) };
  }
}

/** The answer that holds a save for confirmation: 409, the effect, and the fields as `sent` to post again. */
function askConfirmation(effect: string, sent: FormData) {
  const fields = [...sent.entries()]
    .filter(([name, value]) => typeof value === 'string' && name !== 'csrf' && name !== 'confirmed')
    .map(([name, value]) => [name, String(value)] as [string, string]);
  return data<ConfirmAnswer>(
    { ok: false, message: '', fieldErrors: {}, confirm: effect, fields },
    { status: 409 },
  );
}

/**
 * `attemptStaff` for a change the money guard checks (group rules, prices, shipping costs, discount codes): a large
 * drop is not a mistake to correct but an effect to confirm, so needs-confirmation answers 409 with the sentence
 * naming the effect and the form's fields, which the page posts again with `confirmed=1` ("… anyway").
 */
export async function attemptGuarded<T>(
  services: Pick<Services, 'errorCode'>,
  sent: FormData,
  call: () => Promise<T>,
): Promise<
  | { ok: true; value: T }
  | { ok: false; answer: ReturnType<typeof refuse> | ReturnType<typeof askConfirmation> }
> {
  const done = await attemptStaff(services, async (): Promise<{ saved: T } | { effect: string }> => {
    try {
      return { saved: await call() };
    } catch (error) {
      if (services.errorCode(error) !== 'needs-confirmation') throw error;
      return { effect: (error as Error).message };
    }
  });
  if (!done.ok) return done;
  if ('effect' in done.value) return { ok: false, answer: askConfirmation(done.value.effect, sent) };
  return { ok: true, value: done.value.saved };
}
