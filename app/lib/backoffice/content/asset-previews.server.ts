import { assetsIn } from '#core/content-references.ts';
import type { ContentTypeSchema } from '#core/content-schema.ts';
import type { ContentManagement } from '#server/content/management/contract.ts';
import type { AssetPreview } from '../../../components/admin/content/entry-form.tsx';
import { assetPreview } from '../../../components/admin/content/labels.ts';

/** Title and a small preview of every asset an entry's file fields hold, inside groups and blocks too. */
export async function assetPreviewsOf(
  management: ContentManagement,
  type: ContentTypeSchema,
  fields: Record<string, unknown>,
): Promise<Record<string, AssetPreview>> {
  const found = await Promise.all(assetsIn(type, fields).map((uid) => management.assets.get(uid)));
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
