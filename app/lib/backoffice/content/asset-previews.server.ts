import type { ContentField } from '#core/content-schema.ts';
import type { ContentManagement } from '#server/content/management/contract.ts';
import type { AssetPreview } from '../../../components/admin/content/entry-form.tsx';
import { assetPreview } from '../../../components/admin/content/labels.ts';

/** The asset uids of an entry's file fields, inside groups and blocks too. */
function fileValues(schema: readonly ContentField[], fields: unknown, into: Set<string>) {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return;
  const object = fields as Record<string, unknown>;
  for (const field of schema) {
    const value = object[field.uid];
    if (field.data_type === 'blocks') {
      for (const item of Array.isArray(value) ? value : [])
        for (const block of field.blocks)
          if (item && typeof item === 'object' && block.uid in item)
            fileValues(block.schema, (item as Record<string, unknown>)[block.uid], into);
      continue;
    }
    for (const one of field.multiple && Array.isArray(value) ? value : [value]) {
      if (field.data_type === 'file' && typeof one === 'string' && one) into.add(one);
      if (field.data_type === 'group') fileValues(field.schema, one, into);
    }
  }
}

/** Title and a small preview of every asset an entry uses, for its file fields. */
export async function assetPreviewsOf(
  management: ContentManagement,
  schema: readonly ContentField[],
  fields: Record<string, unknown>,
): Promise<Record<string, AssetPreview>> {
  const uids = new Set<string>();
  fileValues(schema, fields, uids);
  const found = await Promise.all([...uids].map((uid) => management.assets.get(uid)));
  return Object.fromEntries(
    found.flatMap((asset) =>
      asset
        ? [
            [
              asset.uid,
              {
                title: asset.title || asset.filename,
                image: asset.contentType.startsWith('image/') ? assetPreview(asset.url) : null,
              },
            ],
          ]
        : [],
    ),
  );
}
