import type { FieldPath } from '#core/content-form.ts';
import type { ContentField } from '#core/content-schema.ts';

/** The label of a path as an editor reads it: "Modules 3 › Banner › Title". */
export function labelOfPath(schema: readonly ContentField[], path: FieldPath): string {
  const parts: string[] = [];
  let fields: readonly ContentField[] = schema;
  let current: ContentField | undefined;
  for (const key of path) {
    if (typeof key === 'number') {
      parts.push(String(key + 1));
      continue;
    }
    const block =
      current?.data_type === 'blocks' ? current.blocks.find((candidate) => candidate.uid === key) : null;
    if (block) {
      parts.push(block.title);
      fields = block.schema;
      current = undefined;
      continue;
    }
    current = fields.find((field) => field.uid === key);
    if (!current) {
      parts.push(key);
      continue;
    }
    parts.push(current.display_name);
    if (current.data_type === 'group') fields = current.schema;
  }
  return parts.join(' › ');
}
