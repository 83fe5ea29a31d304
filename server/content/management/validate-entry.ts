/**
 * STAND-IN for core/content-validation.ts (slice B of issue 21), with its signature, so the service can call it
 * today: the title is required, mandatory fields must have a value, and no text is longer than the service's
 * limit. Deleted when B's full validation lands (the service's import then points at core/).
 */
import {
  type ContentField,
  type ContentTypeSchema,
  type FieldProblem,
  MAX_TEXT_LENGTH,
} from '#core/content-schema.ts';

const empty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function validateEntry(
  type: ContentTypeSchema,
  fields: Record<string, unknown>,
): { ok: true; fields: Record<string, unknown> } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const byUid = new Map<string, ContentField>(type.schema.map((field) => [field.uid, field]));
  if (typeof fields.title !== 'string' || fields.title.trim() === '')
    problems.push({ path: ['title'], message: 'Title is required.' });
  for (const field of type.schema)
    if (field.mandatory && field.uid !== 'title' && empty(fields[field.uid]))
      problems.push({ path: [field.uid], message: `${field.display_name} is required.` });
  const walk = (value: unknown, path: Array<string | number>) => {
    if (typeof value === 'string') {
      const field = path.length === 1 ? byUid.get(String(path[0])) : undefined;
      const max = field?.data_type === 'text' && field.max_length ? field.max_length : MAX_TEXT_LENGTH;
      if (value.length > max)
        problems.push({ path, message: `Too long: ${value.length} characters, at most ${max}.` });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
    } else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
  };
  walk(fields, []);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, fields };
}
