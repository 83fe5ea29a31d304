/**
 * Validation of an entry's fields against its content type's field schema (core/content-schema.ts): every save,
 * through the back office or the management API, passes here before anything is stored. Pure: the same input
 * always gives the same answer, nothing is read or written.
 *
 * What it decides:
 * - Unknown fields are refused with a message (never silently dropped), except the hosted service's system keys
 *   (`uid`, `locale`, `_version`, `publish_details`, …) that its SDK sends back on an update: those are dropped
 *   (unless the type has a field of that name, e.g. a blog post's `tags`, which is then validated).
 * - Rich text is sanitised with core/rich-text.ts; the sanitiser's output is what is stored.
 * - Every text is bounded by MAX_TEXT_LENGTH before any other work (a 20 MB text costs one length check); every
 *   list by its `max_instance` or DEFAULT_MAX_INSTANCES.
 * - Formats are run by RE2 (linear time whatever the pattern); they come from the schema, never from input.
 * - Modular blocks are stored as the storefront reads them, `{ type: '<block uid>', …fields }`; the hosted
 *   service's own shape `{ '<block uid>': { …fields } }` is accepted too and stored in the storefront's shape.
 * - Form posts carry text: numbers given as decimal text and booleans as 'true' / 'false' are accepted.
 */
import { RE2JS } from 're2js';
import {
  type BlocksField,
  type ContentField,
  type ContentTypeSchema,
  type FieldProblem,
  MAX_TEXT_LENGTH,
  type ReferenceField,
  type TextField,
} from './content-schema.ts';
import { sanitizeRichText } from './rich-text.ts';

export type EntryValidation =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; problems: FieldProblem[] };

/** Most items of a repeatable field, group or reference list when its schema sets no `max_instance`. */
export const DEFAULT_MAX_INSTANCES = 200;
/** A save with more problems than this reports only the first ones. */
export const MAX_PROBLEMS = 100;
/** Longest format pattern a schema may carry. */
const MAX_FORMAT_LENGTH = 500;

/** Keys the hosted service adds to an entry; its SDK sends them back on update. Dropped, never stored. */
export const SYSTEM_KEYS: ReadonlySet<string> = new Set([
  'uid',
  'locale',
  '_version',
  '_in_progress',
  '_metadata',
  '_content_type_uid',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'ACL',
  'publish_details',
  'tags',
]);

/** A site path (`/stores`, never `//host` or `/\host`) or an http(s) address. */
export const SITE_PATH_OR_WEB_ADDRESS = '^(/|/[^/\\\\\\s][^\\s]*|https?://[^/\\s][^\\s]*)$';
/** Entry and asset uids: lower-case letters, digits, `-` and `_`. */
export const UID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,127}$/;
const ASSET_UID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

class Problems {
  readonly list: FieldProblem[] = [];
  add(path: Array<string | number>, message: string) {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ path, message });
  }
}

type Path = Array<string | number>;
type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** No value: undefined, null, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Nothing filled in: empty values, false, or groups of those. */
function isBlank(value: unknown): boolean {
  if (value === false || isEmptyValue(value)) return true;
  return isPlainObject(value) && Object.values(value).every(isBlank);
}

const compiledFormats = new Map<string, RE2JS | null>();

/** The schema's format compiled by RE2 (null when the schema carries a pattern RE2 cannot run). */
function formatOf(source: string): RE2JS | null {
  if (compiledFormats.has(source)) return compiledFormats.get(source) ?? null;
  let compiled: RE2JS | null = null;
  if (source.length <= MAX_FORMAT_LENGTH) {
    try {
      compiled = RE2JS.compile(source);
    } catch {
      compiled = null;
    }
  }
  compiledFormats.set(source, compiled);
  return compiled;
}

/** Whether a text matches a format pattern (RE2: linear time). A pattern RE2 cannot run matches nothing. */
export function matchesFormat(text: string, pattern: string): boolean {
  const format = formatOf(pattern);
  return format?.matcher(text).find() ?? false;
}

/** Whether an href is a site path or an http(s) address: script and data URLs, `//host`, `/\host` are not. */
export function isSafeHref(href: string): boolean {
  return matchesFormat(href, SITE_PATH_OR_WEB_ADDRESS);
}

/** A real calendar date in ISO 8601 (`2026-02-11`, or a date-time `2026-02-11T09:30:00Z`). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function label(field: ContentField): string {
  return field.display_name || field.uid;
}

function checkText(field: TextField, value: unknown, path: Path, problems: Problems): unknown {
  const name = label(field);
  if (typeof value !== 'string') {
    problems.add(path, `${name} must be text.`);
    return undefined;
  }
  if (value.length > MAX_TEXT_LENGTH) {
    problems.add(path, `${name} is too long: at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters.`);
    return undefined;
  }
  if (field.max_length !== undefined && value.length > field.max_length) {
    problems.add(
      path,
      `${name} is too long: at most ${field.max_length} characters (it has ${value.length}).`,
    );
    return undefined;
  }
  if (field.enum) {
    const choices = field.enum.choices.map((choice) => choice.value);
    if (!choices.includes(value)) {
      problems.add(path, `${name} must be one of: ${choices.join(', ')}.`);
      return undefined;
    }
  }
  if (field.format && !matchesFormat(value, field.format)) {
    problems.add(path, field.error_messages?.format ?? `${name} is not in the expected format.`);
    return undefined;
  }
  return field.field_metadata?.allow_rich_text ? sanitizeRichText(value) : value;
}

function checkReference(field: ReferenceField, value: unknown, path: Path, problems: Problems): unknown {
  const name = label(field);
  if (!Array.isArray(value)) {
    problems.add(path, `${name} must be a list of entries.`);
    return undefined;
  }
  const most = field.field_metadata?.ref_multiple ? (field.max_instance ?? DEFAULT_MAX_INSTANCES) : 1;
  if (value.length > most) {
    problems.add(path, most === 1 ? `${name} takes one entry.` : `${name} takes at most ${most} entries.`);
    return undefined;
  }
  const refs: Array<{ uid: string; _content_type_uid: string }> = [];
  value.forEach((item, index) => {
    const at = [...path, index];
    const ref = isPlainObject(item) ? item : {};
    const uid = ref.uid;
    const type =
      ref._content_type_uid ?? (field.reference_to.length === 1 ? field.reference_to[0] : undefined);
    if (typeof uid !== 'string' || !UID_PATTERN.test(uid)) {
      problems.add(at, `${name}: pick an entry (a reference needs the entry's uid).`);
    } else if (typeof type !== 'string' || !field.reference_to.includes(type)) {
      problems.add(at, `${name} can only reference ${field.reference_to.join(' or ')} entries.`);
    } else {
      refs.push({ uid, _content_type_uid: type });
    }
  });
  return refs;
}

function checkBlocks(field: BlocksField, value: unknown, path: Path, problems: Problems): unknown {
  const name = label(field);
  if (!Array.isArray(value)) {
    problems.add(path, `${name} must be a list of blocks.`);
    return undefined;
  }
  const most = field.max_instance ?? DEFAULT_MAX_INSTANCES;
  if (value.length > most) {
    problems.add(path, `${name} holds at most ${most} blocks.`);
    return undefined;
  }
  const kinds = field.blocks.map((block) => block.uid);
  return value.map((item, index) => {
    const at = [...path, index];
    if (!isPlainObject(item)) {
      problems.add(at, `${name}: each block must be a group of fields.`);
      return undefined;
    }
    // The storefront's shape `{ type, …fields }`, or the hosted service's `{ [kind]: { …fields } }`.
    let kind: unknown = item.type;
    let fields: Plain = item;
    if (kind === undefined) {
      const keys = Object.keys(item).filter((key) => key !== '_metadata');
      const only = keys.length === 1 ? item[keys[0]!] : undefined;
      if (isPlainObject(only)) {
        kind = keys[0];
        fields = only;
      }
    }
    const block = field.blocks.find((candidate) => candidate.uid === kind);
    if (!block) {
      problems.add(at, `${name}: a block must be one of: ${kinds.join(', ')}.`);
      return undefined;
    }
    const { type: _type, ...rest } = fields;
    return { type: block.uid, ...checkFields(block.schema, rest, at, problems, block.title) };
  });
}

function checkSingle(field: ContentField, value: unknown, path: Path, problems: Problems): unknown {
  const name = label(field);
  switch (field.data_type) {
    case 'text':
      return checkText(field, value, path, problems);
    case 'number': {
      const number = typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) {
        problems.add(path, `${name} must be a number.`);
        return undefined;
      }
      if (field.min !== undefined && number < field.min) {
        problems.add(path, `${name} must be at least ${field.min}.`);
        return undefined;
      }
      if (field.max !== undefined && number > field.max) {
        problems.add(path, `${name} must be at most ${field.max}.`);
        return undefined;
      }
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      problems.add(path, `${name} must be yes or no.`);
      return undefined;
    }
    case 'isodate': {
      if (typeof value !== 'string' || !isIsoDate(value)) {
        problems.add(path, `${name} must be a date (YYYY-MM-DD).`);
        return undefined;
      }
      return value;
    }
    case 'link': {
      const link = isPlainObject(value) ? value : {};
      const title = link.title ?? '';
      const href = link.href ?? '';
      if (!isPlainObject(value) || typeof title !== 'string' || typeof href !== 'string') {
        problems.add(path, `${name} must be a link with a title and an address.`);
        return undefined;
      }
      if (title.length > MAX_TEXT_LENGTH || href.length > MAX_TEXT_LENGTH) {
        problems.add(path, `${name} is too long.`);
        return undefined;
      }
      if (href.trim() !== '' && !isSafeHref(href.trim())) {
        problems.add(path, `${name}: a link must be a site path (/stores) or an https address.`);
        return undefined;
      }
      return { title, href: href.trim() };
    }
    case 'file': {
      // The SDK reads a file field back as the asset object: its uid is what is stored.
      const uid = isPlainObject(value) ? value.uid : value;
      if (typeof uid !== 'string' || !ASSET_UID_PATTERN.test(uid)) {
        problems.add(path, `${name}: pick a file from the asset library.`);
        return undefined;
      }
      return uid;
    }
    case 'reference':
      return checkReference(field, value, path, problems);
    case 'group': {
      if (!isPlainObject(value)) {
        problems.add(path, `${name} must be a group of fields.`);
        return undefined;
      }
      return checkFields(field.schema, value, path, problems, name);
    }
    case 'blocks':
      return checkBlocks(field, value, path, problems);
    case 'json': {
      let size: number;
      try {
        size = JSON.stringify(value)?.length ?? 0;
      } catch {
        size = Number.POSITIVE_INFINITY;
      }
      if (size > MAX_TEXT_LENGTH) {
        problems.add(
          path,
          `${name} is too large: at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters of JSON.`,
        );
        return undefined;
      }
      return value;
    }
  }
}

function checkField(field: ContentField, value: unknown, path: Path, problems: Problems): unknown {
  const name = label(field);
  if (isEmptyValue(value)) {
    if (field.mandatory) problems.add(path, `${name} is required.`);
    return value;
  }
  const repeatable = field.multiple && field.data_type !== 'reference' && field.data_type !== 'blocks';
  // An optional group left blank (a form posts every input of it) is no value: its own required fields apply
  // only once something is filled in.
  if (field.data_type === 'group' && !repeatable && !field.mandatory && isBlank(value))
    return checkFields(field.schema, value as Plain, path, new Problems(), name);
  if (!repeatable) return checkSingle(field, value, path, problems);
  if (!Array.isArray(value)) {
    problems.add(path, `${name} must be a list.`);
    return undefined;
  }
  const most = field.max_instance ?? DEFAULT_MAX_INSTANCES;
  if (value.length > most) {
    problems.add(path, `${name} holds at most ${most} items.`);
    return undefined;
  }
  return value.map((item, index) => {
    if (isEmptyValue(item)) {
      problems.add([...path, index], `${name}: item ${index + 1} is empty; fill it in or remove it.`);
      return item;
    }
    return checkSingle(field, item, [...path, index], problems);
  });
}

function checkFields(
  schema: readonly ContentField[],
  value: Plain,
  path: Path,
  problems: Problems,
  owner: string,
  dropKeys: ReadonlySet<string> = new Set(['_metadata']),
): Plain {
  const known = new Map(schema.map((field) => [field.uid, field]));
  for (const key of Object.keys(value)) {
    if (!known.has(key) && !dropKeys.has(key))
      problems.add([...path, key], `'${key}' is not a field of ${owner}.`);
  }
  const out: Plain = {};
  for (const field of schema) {
    const given = Object.hasOwn(value, field.uid) ? value[field.uid] : undefined;
    const checked = checkField(field, given, [...path, field.uid], problems);
    if (checked !== undefined) out[field.uid] = checked;
  }
  return out;
}

/**
 * Checks an entry's fields against its content type: `{ ok, fields }` with the fields to store (rich text
 * sanitised, system keys dropped, numbers from text converted, blocks in the storefront's shape), or every
 * problem with its path and a message a person can act on.
 */
export function validateEntry(type: ContentTypeSchema, fields: unknown): EntryValidation {
  const problems = new Problems();
  if (!isPlainObject(fields)) {
    return {
      ok: false,
      problems: [{ path: [], message: `An entry of ${type.title} must be a group of fields.` }],
    };
  }
  const checked = checkFields(type.schema, fields, [], problems, type.title, SYSTEM_KEYS);
  return problems.list.length > 0 ? { ok: false, problems: problems.list } : { ok: true, fields: checked };
}
