import { assetsIn, mediaIdsIn } from '#core/content-references.ts';
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { DEFAULT_MEDIA_ALIAS } from '#core/media-url.ts';
import type { ContentManagement } from '#server/content/management/contract.ts';
import type { Services } from '#server/services.ts';
import type { AssetPreview } from '../../../components/backoffice/content/entry-form.tsx';
import { assetPreview } from '../../../components/backoffice/content/labels.ts';

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

/**
 * The videos among an entry's media ids, each previewed by its poster (the media service's main thumbnail): a
 * video id has no image of its own, so the editor's usual `/media/i/…` preview of it was a 404.
 */
export async function videoPostersOf(
  media: Services['media'],
  type: ContentTypeSchema,
  fields: Record<string, unknown>,
): Promise<Record<string, AssetPreview>> {
  const found = await Promise.all(
    mediaIdsIn(type, fields).map(async (id) => {
      const answer = await media.request(`/v/${DEFAULT_MEDIA_ALIAS}/${encodeURIComponent(id)}.json`);
      if (!answer.ok) return null;
      const video = (await answer.json()) as { meta?: { mainThumb?: { src?: unknown } } };
      const poster = video.meta?.mainThumb?.src;
      return typeof poster === 'string'
        ? ([id, { title: 'Video', image: assetPreview(poster) }] as const)
        : null;
    }),
  );
  return Object.fromEntries(found.filter((entry) => entry !== null));
}
