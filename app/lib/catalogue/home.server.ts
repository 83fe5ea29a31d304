import { sanitizeRichText } from '#core/rich-text.ts';
import { optional } from '../router/optional.server.ts';
import { type BannerView, bannerView } from './banner.ts';
import { contentByUid, resolveContentProducts, type Shopper } from './catalogue.server.ts';
import { admitTiles, type TileView } from './tile.ts';

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export type HomeModule =
  | { type: 'banners'; key: string; banners: BannerView[] }
  | { type: 'products'; key: string; title: string; slider: boolean; tiles: Promise<TileView[] | null> }
  | { type: 'copy'; key: string; heading: string; html: string };

/**
 * The content-driven home (content page uid `home`): banners (one, or a slider of several), product sliders
 * (streamed: below the fold) and editorial copy, in the editors' order.
 */
export async function loadHome(shopper: Shopper) {
  const client = shopper.services.content.client;
  const [page] = client ? await client.pages(['home'], shopper.contentLocale) : [];
  const landing = (page?.landing_page as Raw | undefined) ?? {};
  const modules = ((landing.modules as Raw[] | undefined) ?? []).flatMap((module, index): HomeModule[] => {
    const key = `${module.type}-${index}`;
    if (module.type === 'banner') {
      const banners = ((module.banner as unknown[]) ?? [])
        .map((entry) => bannerView(entry, shopper.tile.locale))
        .filter((banner): banner is BannerView => banner !== null);
      return banners.length ? [{ type: 'banners', key, banners }] : [];
    }
    if (module.type === 'product_slider') {
      const uids = ((module.products as Raw[]) ?? []).map((ref) => text(ref.uid)).filter(Boolean);
      const tiles = optional(
        shopper.services,
        'Home product slider',
        async () => {
          const contents = await contentByUid(shopper, uids);
          const entries = uids.map((uid) => contents.get(uid)).filter((entry) => entry !== undefined);
          return admitTiles(await resolveContentProducts(shopper, entries), shopper.tile);
        },
        null,
      );
      return [{ type: 'products', key, title: text(module.title), slider: module.slider !== false, tiles }];
    }
    if (module.type === 'copy') {
      return [{ type: 'copy', key, heading: text(module.heading), html: sanitizeRichText(module.body) }];
    }
    return [];
  });
  const seo = (page?.seo_meta as Raw | undefined) ?? {};
  return {
    modules,
    seoTitle: text(seo.seo_title) || 'Ridgeline Snowshoe Co.',
    seoDescription: text(seo.seo_description),
    ogImage: text((seo.og_image as Raw | undefined)?.amplience_id) || null,
  };
}
