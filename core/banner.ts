/**
 * Banner rules (SPEC §3 banner, §5 published rule, §9 banner constants).
 */
import { hasCtaText } from './cta-copy.ts';

export interface BannerCta {
  button_text?: string | null;
  button_class?: string | null;
  external_link?: string | null;
  internal_link?: unknown;
  type?: string | null;
  disable_link?: boolean | null;
  new_tab?: boolean | null;
}

export interface BannerInput {
  title?: string | null;
  content_layout?: string | null;
  background?: {
    type?: 'Video' | 'Image' | string | null;
    amplience_id?: string | null;
    content?: { amplienceId?: string | null } | null;
  } | null;
  cta_button_global?: readonly (BannerCta | null | undefined)[] | null;
}

export const DEFAULT_BANNER_LAYOUT = 'top-left';

export const BANNER_SLIDER = { autoplayMs: 7000, loop: true, speedMs: 500 } as const;

/**
 * §9 banner default image widths 480 to 1792 at height 300. The steps between are ours: common device widths,
 * so that each screen downloads close to what it shows.
 */
export const BANNER_IMAGE_WIDTHS = [480, 640, 768, 1024, 1280, 1440, 1792] as const;
export const BANNER_IMAGE_HEIGHT = 300;

/** The media asset id of a banner background, from either place the content model stores it. */
export function bannerAssetId(banner: BannerInput | null | undefined): string | null {
  const background = banner?.background;
  return background?.amplience_id || background?.content?.amplienceId || null;
}

/** §5: a banner counts as published only with a background and an asset id. */
export function isBannerPublished(banner: BannerInput | null | undefined): boolean {
  return Boolean(banner?.background) && bannerAssetId(banner) !== null;
}

export function bannerLayout(banner: BannerInput | null | undefined): string {
  return banner?.content_layout || DEFAULT_BANNER_LAYOUT;
}

/** §5: call-to-action buttons are shown only with non-empty button text. */
export function visibleCtas(banner: BannerInput | null | undefined): BannerCta[] {
  return (banner?.cta_button_global ?? []).filter((cta): cta is BannerCta => hasCtaText(cta?.button_text));
}
