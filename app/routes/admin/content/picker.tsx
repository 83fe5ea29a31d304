import { data } from 'react-router';
import { z } from 'zod';
import {
  assetPreview,
  MASTER_LOCALE,
  mediaIdOfAssetUrl,
  mediaPreview,
} from '../../../components/backoffice/content/labels.ts';
import { contentManagementOf } from '../../../lib/backoffice/content/management.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/picker';

const LIMIT = 30;

const query = z.object({
  q: z.string().trim().max(200, { error: 'Search for at most 200 characters.' }).default(''),
  types: z.string().max(500).default(''),
});

/**
 * What the editor's pickers search (issue 21): `assets` (the asset library, with previews), `media` (its images
 * by media id, for image fields that hold one) or `entries` of the
 * content types a reference field allows. JSON for the dialog; the staff session and 'content:read' gate it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const parsed = query.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!parsed.success)
    return data({ message: 'Search for at most 200 characters.', items: [] }, { status: 400 });
  const { q, types } = parsed.data;
  if (args.params.kind === 'assets') {
    const page = await management.assets.list({ limit: LIMIT, ...(q ? { search: q } : {}) });
    return {
      items: page.items.map((asset) => ({
        key: asset.uid,
        label: asset.title || asset.filename,
        detail: asset.filename,
        ...(asset.contentType.startsWith('image/') ? { image: assetPreview(asset.url) } : {}),
      })),
    };
  }
  if (args.params.kind === 'media') {
    // Image fields that hold a media id (banners, pages): the library's images, keyed by the id they serve under.
    const page = await management.assets.list({ limit: LIMIT, ...(q ? { search: q } : {}) });
    return {
      items: page.items.flatMap((asset) => {
        const mediaId = mediaIdOfAssetUrl(asset.url);
        return mediaId
          ? [
              {
                key: mediaId,
                label: asset.title || asset.filename,
                detail: mediaId,
                image: mediaPreview(mediaId),
              },
            ]
          : [];
      }),
    };
  }
  if (args.params.kind !== 'entries') throw data({ message: 'There is no such picker.' }, { status: 404 });
  const wanted = types.split(',').filter(Boolean);
  const unknown = wanted.find((type) => !management.contentType(type));
  if (unknown || wanted.length === 0)
    return data({ message: 'Name the content types to search.', items: [] }, { status: 400 });
  const pages = await Promise.all(
    wanted.map((contentType) =>
      management.listEntries({
        contentType,
        locale: MASTER_LOCALE,
        limit: LIMIT,
        ...(q ? { search: q } : {}),
      }),
    ),
  );
  return {
    items: pages
      .flatMap((page) => page.items)
      .slice(0, LIMIT)
      .map((entry) => ({
        key: `${entry.contentType}/${entry.uid}`,
        label: entry.title || entry.uid,
        detail: `${management.contentType(entry.contentType)?.title ?? entry.contentType} · ${entry.uid}`,
      })),
  };
}
