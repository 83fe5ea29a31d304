/**
 * What an entry points at, read through its content type's field schema: the entries it references and the
 * assets it shows, wherever they sit (top level, groups, repeatable groups, modular blocks). The management
 * service uses these to refuse unpublishing or deleting something still in use, with the list of users.
 *
 * Reference cycles (a page → its banner → a hotspot → the page) are allowed and stored as they are: an entry
 * holds only `{ uid, _content_type_uid }` pairs, and the delivery protocol resolves references only along the
 * `include[]` paths a request names, copying each resolved entry, so a cycle can neither loop nor grow an answer
 * beyond those paths (tests/integration/content-reference-cycles.test.ts). Refusing cycles would forbid real
 * content (a landing page whose banner's hotspot links back to it), so they are not detected.
 */
import type { ContentField, ContentTypeSchema } from './content-schema.ts';

export interface EntryReference {
  uid: string;
  contentType: string;
  /** Where the first reference to this entry sits (`['landing_page', 'modules', 2, 'banner', 0]`). */
  path: Array<string | number>;
}

type Path = Array<string | number>;
type Visit = (field: ContentField, value: unknown, path: Path) => void;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of one block, in the stored shape `{ type, …fields }` or the hosted `{ [kind]: { …fields } }`. */
function blockFields(item: Record<string, unknown>): { kind: unknown; fields: Record<string, unknown> } {
  if (item.type !== undefined) return { kind: item.type, fields: item };
  const keys = Object.keys(item).filter((key) => key !== '_metadata');
  const only = keys.length === 1 ? item[keys[0]!] : undefined;
  return isRecord(only) ? { kind: keys[0], fields: only } : { kind: undefined, fields: {} };
}

function walkFields(schema: readonly ContentField[], value: unknown, path: Path, visit: Visit): void {
  if (!isRecord(value)) return;
  for (const field of schema) {
    if (Object.hasOwn(value, field.uid)) walkField(field, value[field.uid], [...path, field.uid], visit);
  }
}

function walkField(field: ContentField, value: unknown, path: Path, visit: Visit): void {
  if (field.multiple && field.data_type !== 'reference' && field.data_type !== 'blocks') {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walkOne(field, item, [...path, index], visit);
      });
    }
    return;
  }
  walkOne(field, value, path, visit);
}

function walkOne(field: ContentField, value: unknown, path: Path, visit: Visit): void {
  if (field.data_type === 'group') {
    walkFields(field.schema, value, path, visit);
  } else if (field.data_type === 'blocks') {
    if (!Array.isArray(value)) return;
    value.forEach((item, index) => {
      if (!isRecord(item)) return;
      const { kind, fields } = blockFields(item);
      const block = field.blocks.find((candidate) => candidate.uid === kind);
      if (block) walkFields(block.schema, fields, [...path, index], visit);
    });
  } else {
    visit(field, value, path);
  }
}

/** Every entry the fields reference, each once (by content type and uid), with where it is first referenced. */
export function referencesIn(type: ContentTypeSchema, fields: unknown): EntryReference[] {
  const found = new Map<string, EntryReference>();
  walkFields(type.schema, fields, [], (field, value, path) => {
    if (field.data_type !== 'reference' || !Array.isArray(value)) return;
    value.forEach((item, index) => {
      if (!isRecord(item) || typeof item.uid !== 'string') return;
      const contentType =
        typeof item._content_type_uid === 'string'
          ? item._content_type_uid
          : field.reference_to.length === 1
            ? field.reference_to[0]!
            : null;
      if (!contentType) return;
      const key = `${contentType}/${item.uid}`;
      if (!found.has(key)) found.set(key, { uid: item.uid, contentType, path: [...path, index] });
    });
  });
  return [...found.values()];
}

/** The asset uids of the entry's file fields, each once. */
export function assetsIn(type: ContentTypeSchema, fields: unknown): string[] {
  const found = new Set<string>();
  walkFields(type.schema, fields, [], (field, value) => {
    if (field.data_type !== 'file') return;
    const uid = isRecord(value) ? value.uid : value;
    if (typeof uid === 'string' && uid !== '') found.add(uid);
  });
  return [...found];
}

/**
 * The media ids of the entry's images (text fields marked `field_metadata.image`: `amplience_id`, `imageset`,
 * a hotspot's `ampId`), each once: an asset of the library is in use when its `fields.amplience_id` is here.
 */
export function mediaIdsIn(type: ContentTypeSchema, fields: unknown): string[] {
  const found = new Set<string>();
  walkFields(type.schema, fields, [], (field, value) => {
    if (
      field.data_type === 'text' &&
      field.field_metadata?.image &&
      typeof value === 'string' &&
      value !== ''
    )
      found.add(value);
  });
  return [...found];
}
