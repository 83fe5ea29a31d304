/**
 * Comparing two versions of an entry field by field (issue 21, versions): only the fields whose values differ,
 * each as a short text an editor can read (before → after).
 */
import type { ContentField } from './content-schema.ts';

export interface FieldChange {
  uid: string;
  label: string;
  before: string;
  after: string;
}

const LONGEST = 600;

function clip(text: string): string {
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

/** Same data, whatever the order of an object's keys. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/** Rich text as its words: the markup of a change is rarely what an editor compares. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One value as an editor reads it: text as written, yes/no, a link as "title (href)", lists joined. */
export function describeValue(field: ContentField | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && field?.data_type === 'text' && field.field_metadata?.allow_rich_text)
    return clip(textOf(value));
  if (typeof value === 'string' || typeof value === 'number') return clip(String(value));
  if (field?.data_type === 'link' && typeof value === 'object' && !Array.isArray(value)) {
    const link = value as { title?: unknown; href?: unknown };
    return clip(`${String(link.title ?? '')} (${String(link.href ?? '')})`);
  }
  if (field?.data_type === 'reference' && Array.isArray(value)) {
    const uids = value.map((item) => String((item as { uid?: unknown } | null)?.uid ?? ''));
    return uids.length ? clip(uids.join(', ')) : '(empty)';
  }
  if (Array.isArray(value) && value.length === 0) return '(empty)';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return clip(value.join(', '));
  return clip(JSON.stringify(value));
}

/**
 * What the editor's form cannot tell apart is the same: a value it leaves out when empty ('' or null, an empty
 * list or group) and an unticked box (false) are all "nothing". Seeded and imported entries spell an untouched
 * button `external_link: ""`, `new_tab: false`; saved through the form, the same button has neither, and the
 * comparison listed it as changed (issue 40).
 */
function unset(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(unset);
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, unset(inner)] as const)
      .filter(([, inner]) => inner !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === '' || value === null || value === false ? undefined : value;
}

/** A set of choices (a multiple select) is the same whatever order its values were ticked in. */
function comparable(field: ContentField | undefined, value: unknown): unknown {
  if (field?.data_type === 'text' && field.enum && field.multiple && Array.isArray(value))
    return unset([...value].map(String).sort());
  return unset(value);
}

/**
 * The fields of `schema` (then any other key either version has) whose values differ between `before` and
 * `after`, in the schema's order.
 */
export function changedFields(
  schema: readonly ContentField[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const known = new Set(schema.map((field) => field.uid));
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (uid) => !known.has(uid),
  );
  const changes: FieldChange[] = [];
  for (const uid of [...schema.map((field) => field.uid), ...others.sort()]) {
    const field = schema.find((candidate) => candidate.uid === uid);
    if (canonical(comparable(field, before[uid])) === canonical(comparable(field, after[uid]))) continue;
    changes.push({
      uid,
      label: field?.display_name ?? uid,
      before: describeValue(field, before[uid]),
      after: describeValue(field, after[uid]),
    });
  }
  return changes;
}
