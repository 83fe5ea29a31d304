import { bannerAssetId, bannerLayout, isBannerPublished, visibleCtas } from '#core/banner.ts';
import { admitHotspots, type Hotspot, type HotspotInput } from '#core/hotspots.ts';
import { internalHref, type LinkKind, resolveLink } from '#core/links.ts';
import type { ImageSize } from '#core/media-url.ts';

/** Banner view (§3 banner, §5 published rule): everything a banner renders, links resolved. Pure. */

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});

export interface CtaView {
  text: string;
  href: string;
  variant: string;
  newTab: boolean;
  external: boolean;
}

export interface HotspotView extends Hotspot {
  /** Resolved link, or null. */
  link: string | null;
}

export interface BannerView {
  id: string;
  title: string;
  content: string;
  layout: string;
  overlay: boolean;
  wrapCopy: boolean;
  zoom: boolean;
  aspect: { desktop: string; mobile: string };
  background: { type: 'image' | 'video'; imageId: string; videoId: string | null; alt: string };
  ctas: CtaView[];
  hotspots: HotspotView[];
}

/** '16:9' → '16 / 9'; anything unreadable → the fallback. */
export function aspectRatio(value: unknown, fallback: string): string {
  const match = /^(\d+(?:\.\d+)?)\s*[:/x]\s*(\d+(?:\.\d+)?)$/.exec(text(value));
  return match ? `${match[1]} / ${match[2]}` : fallback;
}

function ratioOf(aspect: string): number {
  const [w = 16, h = 9] = aspect.split('/').map((part) => Number(part.trim()));
  return h / w;
}

/**
 * Responsive image sizes for a banner: phones get the mobile aspect, larger screens the desktop one, in the
 * §9 width steps (480 to 1792).
 */
export function bannerSizes(aspect: BannerView['aspect']): ImageSize[] {
  const mobile = ratioOf(aspect.mobile);
  const desktop = ratioOf(aspect.desktop);
  return [
    { width: 480, height: Math.round(480 * mobile), maxWidthBp: 480 },
    { width: 768, height: Math.round(768 * mobile), maxWidthBp: 767 },
    { width: 1024, height: Math.round(1024 * desktop), maxWidthBp: 1023 },
    { width: 1440, height: Math.round(1440 * desktop), maxWidthBp: 1440 },
    { width: 1792, height: Math.round(1792 * desktop), minWidthBp: 1441 },
  ];
}

type Locale = { language: string; country: string };

function linkOf(input: Raw, locale: Locale): { href: string; newTab: boolean; external: boolean } | null {
  const type = (text(input.type) || 'Internal') as LinkKind;
  const internal = record(input.internal_link);
  try {
    const resolved = resolveLink(
      type === 'External'
        ? { type, href: text(input.external_link), newTab: input.new_tab === true }
        : {
            type,
            href: text(internal.href),
            contentType: text(internal.content_type) || null,
            newTab: input.new_tab === true,
          },
      locale,
    );
    if (!resolved?.href) return null;
    return {
      href: resolved.href,
      newTab: resolved.target === '_blank',
      external: resolved.kind === 'external',
    };
  } catch {
    return null; // §8: javascript-like links are refused
  }
}

/** A hotspot's link: the product or page it references, else its own href, inside the locale. */
export function hotspotLink(hotspot: Hotspot, input: Raw, locale: Locale): string | null {
  const product = Array.isArray(input.product) ? record(input.product[0]) : {};
  if (hotspot.dataType === 'product' && text(product.uid))
    return internalHref(locale, `/${text(product.uid)}`, 'product');
  const href = hotspot.href;
  if (!href) return null;
  if (/^https?:\/\//.test(href)) return href;
  if (!href.startsWith('/')) return null;
  return internalHref(locale, href);
}

export function bannerView(entry: unknown, locale: Locale): BannerView | null {
  const banner = record(entry);
  if (!isBannerPublished(banner as never)) return null;
  const background = record(banner.background);
  const assetId = bannerAssetId(banner as never) ?? '';
  const isVideo = text(background.type).toLowerCase() === 'video';
  const content = record(background.content);
  const rawHotspots =
    content.enableHotspots === true && Array.isArray(content.hotspots) ? (content.hotspots as Raw[]) : [];
  const hotspots = admitHotspots(rawHotspots as unknown as HotspotInput[]).map((hotspot) => ({
    ...hotspot,
    link: hotspotLink(hotspot, rawHotspots.find((raw) => raw.id === hotspot.id) ?? {}, locale),
  }));
  return {
    id: text(banner.uid) || assetId,
    title: text(banner.title),
    content: text(banner.content),
    layout: bannerLayout(banner as never),
    overlay: banner.dark_overlay_on_banner_image === true,
    wrapCopy: banner.wrap_copy === true,
    zoom: background.banner_zoom === true,
    aspect: {
      desktop: aspectRatio(background.desktop_aspect_ratio, '16 / 9'),
      mobile: aspectRatio(background.mobile_aspect_ratio, '4 / 5'),
    },
    background: {
      type: isVideo ? 'video' : 'image',
      imageId: isVideo ? text(background.imageset) || assetId : assetId,
      videoId: isVideo ? assetId : null,
      alt: text(background.alt_text),
    },
    ctas:
      banner.disable_link === true
        ? []
        : visibleCtas(banner as never).flatMap((cta) => {
            const raw = cta as unknown as Raw;
            if (raw.disable_link === true) return [];
            const link = linkOf(raw, locale);
            return link
              ? [{ text: text(raw.button_text), variant: text(raw.button_class) || 'primary', ...link }]
              : [];
          }),
    hotspots,
  };
}
