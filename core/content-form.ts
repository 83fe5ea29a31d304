/**
 * The content editor's form encoding (docs/decisions/0009-content-editor-form.md): the page generated from a
 * content type's schema names every input by its path into the entry (`fields.modules.2.banner.title`), so a
 * plain form post carries nested groups, repeatable groups and modular blocks. `decodeEntryForm` turns the posted
 * pairs back into the fields object, reading the schema to know each value's kind (a modular block names its kind
 * in `…modules.2.type`, the shape the storefront reads and the validation stores); values it cannot read (a
 * number that is not one, JSON that does not parse) come back as problems on their path, and nothing is saved.
 * Whether a value is allowed (required, lengths, formats, links) is the content validation's business, not this.
 */
import type { ContentField, FieldProblem } from './content-schema.ts';

/** The prefix of every generated input's name; anything else in the form (csrf, intent) is not a field. */
export const FIELD_PREFIX = 'fields';

export type FieldPath = Array<string | number>;

/** The input name of a path: `['modules', 2, 'banner', 'title']` → `fields.modules.2.banner.title`. */
export function fieldName(path: FieldPath): string {
  return [FIELD_PREFIX, ...path].join('.');
}

/** A DOM id for a path (letters, digits, dashes): `field-modules-2-banner-title`. */
export function fieldId(path: FieldPath): string {
  return ['field', ...path].join('-').replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The problem key of a path as the validation reports it, to look a message up for an input. */
export function problemKey(path: FieldPath): string {
  return path.join('.');
}

/** Problems by path key; the first message of a path wins. */
export function problemsByPath(problems: readonly FieldProblem[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const problem of problems) byPath[problemKey(problem.path)] ??= problem.message;
  return byPath;
}

/** Posted values as a tree: one node per name segment; a name posted twice keeps all its values. */
interface Node {
  values: string[];
  children: Map<string, Node>;
}

const newNode = (): Node => ({ values: [], children: new Map() });

/** Reads posted pairs into a tree of the `fields.…` names (files and other names are ignored). */
function treeOf(entries: Iterable<[string, unknown]>): Node {
  const root = newNode();
  for (const [name, value] of entries) {
    if (typeof value !== 'string') continue;
    const segments = name.split('.');
    if (segments[0] !== FIELD_PREFIX || segments.length < 2) continue;
    let node = root;
    for (const segment of segments.slice(1)) {
      let child = node.children.get(segment);
      if (!child) {
        child = newNode();
        node.children.set(segment, child);
      }
      node = child;
    }
    node.values.push(value);
  }
  return root;
}

/** The children of a list node in index order (gaps left by removed items close up). */
function items(node: Node | undefined): Node[] {
  if (!node) return [];
  return [...node.children.entries()]
    .filter(([key]) => /^\d{1,6}$/.test(key))
    .sort(([left], [right]) => Number(left) - Number(right))
    .map(([, child]) => child);
}

/** The last value posted for a node (a hidden default followed by a checkbox sends two). */
const lastValue = (node: Node | undefined): string | undefined => node?.values[node.values.length - 1];

interface Decoded {
  fields: Record<string, unknown>;
  problems: FieldProblem[];
}

function decodeScalar(
  field: ContentField,
  node: Node | undefined,
  path: FieldPath,
  problems: FieldProblem[],
): unknown {
  const raw = lastValue(node);
  switch (field.data_type) {
    case 'boolean':
      return raw === 'on' || raw === 'true';
    case 'number': {
      const text = raw?.trim() ?? '';
      if (text === '') return undefined;
      const value = Number(text);
      if (!Number.isFinite(value)) {
        problems.push({ path, message: `${field.display_name} must be a number, like 12 or 4.5.` });
        return undefined;
      }
      return value;
    }
    case 'json': {
      const text = raw?.trim() ?? '';
      if (text === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        problems.push({
          path,
          message: `${field.display_name} is not valid JSON: check the brackets, quotes and commas.`,
        });
        return undefined;
      }
    }
    case 'link': {
      const title = lastValue(node?.children.get('title')) ?? '';
      const href = (lastValue(node?.children.get('href')) ?? '').trim();
      return title === '' && href === '' ? undefined : { title, href };
    }
    case 'reference':
      return items(node)
        .map((item) => ({
          uid: lastValue(item.children.get('uid')) ?? '',
          _content_type_uid: lastValue(item.children.get('_content_type_uid')) ?? '',
        }))
        .filter((reference) => reference.uid !== '');
    default: {
      // text (single line, multi-line, rich text, select), isodate and file (an asset uid).
      if (raw === undefined || raw === '') return undefined;
      return field.data_type === 'text' ? raw.replace(/\r\n/g, '\n') : raw.trim();
    }
  }
}

function decodeOne(field: ContentField, node: Node | undefined, path: FieldPath, problems: FieldProblem[]) {
  if (field.data_type === 'group') return decodeFields(field.schema, node, path, problems);
  if (field.data_type === 'blocks') {
    // A block is stored as the storefront reads it: `{ type: '<block uid>', …its fields }`.
    return items(node).flatMap((item, index) => {
      const kind = lastValue(item.children.get('type'));
      const block = field.blocks.find((candidate) => candidate.uid === kind);
      if (!block) return [];
      return [{ type: block.uid, ...decodeFields(block.schema, item, [...path, index], problems) }];
    });
  }
  return decodeScalar(field, node, path, problems);
}

function decodeField(field: ContentField, node: Node | undefined, path: FieldPath, problems: FieldProblem[]) {
  // References are lists by nature and blocks are a list of blocks: `multiple` means a list of anything else.
  if (!field.multiple || field.data_type === 'reference' || field.data_type === 'blocks')
    return decodeOne(field, node, path, problems);
  if (field.data_type !== 'group' && node && node.values.length > 0) {
    // A repeated name (a set of checkboxes, a multi-select) posts its values under one name.
    return node.values
      .filter((value) => value !== '')
      .map((value, index) =>
        decodeScalar(field, { values: [value], children: new Map() }, [...path, index], problems),
      )
      .filter((value) => value !== undefined);
  }
  return items(node)
    .map((item, index) => decodeOne(field, item, [...path, index], problems))
    .filter((value) => value !== undefined);
}

function decodeFields(
  schema: readonly ContentField[],
  node: Node | undefined,
  path: FieldPath,
  problems: FieldProblem[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of schema) {
    const value = decodeField(field, node?.children.get(field.uid), [...path, field.uid], problems);
    if (value !== undefined) fields[field.uid] = value;
  }
  return fields;
}

/**
 * The fields object of a posted editor form. Only the schema's fields are read; an empty text, date, number or
 * asset is left out (so "required" is the validation's message), an unticked checkbox is `false`, a list keeps
 * its items in index order.
 */
export function decodeEntryForm(
  schema: readonly ContentField[],
  entries: Iterable<[string, unknown]>,
): Decoded {
  const problems: FieldProblem[] = [];
  const fields = decodeFields(schema, treeOf(entries), [], problems);
  return { fields, problems };
}
