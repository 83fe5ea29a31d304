import type { FieldPath } from '#core/content-form.ts';
import type { ContentField } from '#core/content-schema.ts';

/**
 * The label of a path as an editor reads it: "Landing page › Modules 3 › Heading". A block's fields sit right
 * under its index (blocks are stored `{ type, …fields }`), so they are looked up in every kind of the field.
 */
export function labelOfPath(schema: readonly ContentField[], path: FieldPath): string {
  const parts: string[] = [];
  let fields: readonly ContentField[] = schema;
  for (const key of path) {
    if (typeof key === 'number') {
      parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''} ${key + 1}`.trim();
      continue;
    }
    const current = fields.find((field) => field.uid === key);
    if (!current) {
      parts.push(key);
      continue;
    }
    parts.push(current.display_name);
    if (current.data_type === 'group') fields = current.schema;
    if (current.data_type === 'blocks') fields = current.blocks.flatMap((block) => block.schema);
  }
  return parts.join(' › ');
}
