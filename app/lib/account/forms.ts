import type { z } from 'zod';

/**
 * One zod schema per form: `parseForm` returns the data or field-level errors. Error messages are display-text
 * keys (core/display-text-defaults.ts), which the page shows through `useText()`.
 */
export type FieldErrors = Record<string, string>;

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function formObject(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value;
  return values;
}

export function parseForm<T extends z.ZodType>(
  schema: T,
  form: FormData | Record<string, unknown>,
): FormResult<z.infer<T>> {
  const values = form instanceof FormData ? formObject(form) : form;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** What a form action answers with a 400 or 409: field errors and/or one form-level message key. */
export interface ActionErrors {
  errors: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}
