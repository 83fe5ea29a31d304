/**
 * Media URLs (SPEC §3 image descriptor and media asset sets, §7 media service grammar, §9 image constants).
 * The same grammar serves the built-in media service (DESIGN: /media) and a hosted media CDN.
 */

/** Default media alias: the product's own brand alias. */
export const DEFAULT_MEDIA_ALIAS = 'ridgeline';
/** The built-in media service; a hosted CDN is configured with MEDIA_BASE_URL (configureMediaBaseUrl). */
export const DEFAULT_MEDIA_BASE_URL = '/media';
/** §9: quality 75 by default; tile images 90 on a white background. */
export const DEFAULT_QUALITY = 75;
export const TILE_QUALITY = 90;
export const WHITE_BACKGROUND = 'rgb(255,255,255)';
export const DEFAULT_FORMAT = 'auto';
/** §9 dpi per pixel density on a fast connection (see connection.ts for slow ones). */
export const DEFAULT_DPI = { 1: 96, 2: 144 } as const;
export const PLACEHOLDER_SIZE = 15;

export interface ImageSize {
  width: number;
  height?: number;
  /** Applies from this viewport width up. */
  minWidthBp?: number;
  /** Applies up to this viewport width. */
  maxWidthBp?: number;
}

export interface ImageDescriptor {
  id?: string | null;
  filename?: string | null;
  alias?: string | null;
  sizes?: readonly ImageSize[] | null;
  dpi?: { 1: number; 2: number } | null;
  /** Crop around the asset's point of interest. */
  poi?: boolean;
  maxW?: number;
  maxH?: number;
  /** The id names an image set (/s/) rather than an image (/i/). */
  set?: boolean;
  fmt?: string;
  progressive?: boolean;
  bg?: string;
  qlt?: number;
  baseUrl?: string | null;
}

/** §9 default tile sizes: 210x280 up to 480px, 353x471 up to 767px, 340x453 from 768px. */
export const DEFAULT_TILE_SIZES: readonly ImageSize[] = [
  { width: 210, height: 280, maxWidthBp: 480 },
  { width: 353, height: 471, maxWidthBp: 767 },
  { width: 340, height: 453, minWidthBp: 768 },
];

/**
 * §9 default hero sizes 480x480, 768x432, 1440x480. The spec gives no breakpoints for them: phones up to 480px,
 * tablets up to the 1023px mobile threshold, desktops from 1024px.
 */
export const DEFAULT_HERO_SIZES: readonly ImageSize[] = [
  { width: 480, height: 480, maxWidthBp: 480 },
  { width: 768, height: 432, maxWidthBp: 1023 },
  { width: 1440, height: 480, minWidthBp: 1024 },
];

/** Tile image descriptor defaults (§9: quality 90 with a white background). */
export function tileImage(id: string, overrides: Partial<ImageDescriptor> = {}): ImageDescriptor {
  return { id, sizes: DEFAULT_TILE_SIZES, qlt: TILE_QUALITY, bg: WHITE_BACKGROUND, ...overrides };
}

function assetName(descriptor: ImageDescriptor): string | null {
  const name = descriptor.id?.trim() || descriptor.filename?.trim();
  return name || null;
}

/** Set by configureMediaBaseUrl; undefined until then (a browser then reads the page, see mediaBaseUrl). */
let configuredBaseUrl: string | undefined;

const normalised = (baseUrl: string | null | undefined) =>
  (baseUrl || DEFAULT_MEDIA_BASE_URL).replace(/\/+$/, '');

/**
 * Where every media URL points unless a descriptor names its own `baseUrl`: the built-in service (`/media`) or an
 * image CDN that speaks the same grammar (MEDIA_BASE_URL). It is one setting of the deployment, set before anything
 * renders: on the server, in the route bundle's copy of this module before the first loader runs
 * (server/http/load-context.ts); in the browser, it is read once from the page the server rendered (root.tsx's
 * `media-base-url` meta), so that both build the same URLs (docs/decisions/0044-media-base-url-set-once.md).
 */
export function configureMediaBaseUrl(baseUrl: string | null | undefined): void {
  configuredBaseUrl = normalised(baseUrl);
}

/** The media base of this process (see configureMediaBaseUrl). */
export function mediaBaseUrl(): string {
  configuredBaseUrl ??= normalised(
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="media-base-url"]')?.getAttribute('content'),
  );
  return configuredBaseUrl;
}

/** A media URL as an absolute address (share links, og:image): a CDN's URL already is one. */
export function absoluteMediaUrl(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

function base(descriptor: { baseUrl?: string | null }): string {
  return (descriptor.baseUrl ?? mediaBaseUrl()).replace(/\/+$/, '');
}

function assetPath(kind: 'i' | 's' | 'v', descriptor: ImageDescriptor, name: string): string {
  const alias = descriptor.alias?.trim() || DEFAULT_MEDIA_ALIAS;
  return `${base(descriptor)}/${kind}/${encodeURIComponent(alias)}/${encodeURIComponent(name)}`;
}

/**
 * Image URL for one size at one dpi, or null without an asset id (§5: an image requires an id).
 * Width goes in `w`; a height turns into `sm=aspect&aspect=W:H`, cropped around the point of interest when
 * `poi` is set. `protocol=https` is added for image sets, whose JSON lists further URLs.
 */
export function mediaUrl(
  descriptor: ImageDescriptor,
  size?: Pick<ImageSize, 'width' | 'height'>,
  dpi?: number,
): string | null {
  const name = assetName(descriptor);
  if (!name) return null;
  const params = new URLSearchParams();
  if (size?.width) params.set('w', String(size.width));
  if (descriptor.maxW) params.set('maxW', String(descriptor.maxW));
  if (descriptor.maxH) params.set('maxH', String(descriptor.maxH));
  if (size?.width && size.height) {
    params.set('sm', 'aspect');
    params.set('aspect', `${size.width}:${size.height}`);
    if (descriptor.poi) params.set('scaleFit', 'poi');
  }
  params.set('fmt', descriptor.fmt ?? DEFAULT_FORMAT);
  if (descriptor.progressive) params.set('fmt.interlaced', 'true');
  params.set('qlt', String(descriptor.qlt ?? DEFAULT_QUALITY));
  if (descriptor.bg) params.set('bg', descriptor.bg);
  if (dpi) params.set('dpi', String(dpi));
  if (descriptor.set) params.set('protocol', 'https');
  return `${assetPath(descriptor.set ? 's' : 'i', descriptor, name)}?${params.toString()}`;
}

export interface ImageSource {
  media: string;
  srcSet: string;
  width: number;
  height?: number;
}

/**
 * <picture> sources, one per size with its 1x and 2x URLs. §5: each needs a media query width, so sizes with
 * neither minWidthBp nor maxWidthBp are skipped; no id gives no sources.
 */
export function imageSources(descriptor: ImageDescriptor): ImageSource[] {
  if (!assetName(descriptor)) return [];
  const dpi = descriptor.dpi ?? DEFAULT_DPI;
  const sources: ImageSource[] = [];
  for (const size of descriptor.sizes ?? []) {
    const media =
      size.minWidthBp !== undefined
        ? `(min-width: ${size.minWidthBp}px)`
        : size.maxWidthBp !== undefined
          ? `(max-width: ${size.maxWidthBp}px)`
          : null;
    if (!media) continue;
    const oneX = mediaUrl(descriptor, size, dpi[1]);
    const twoX = mediaUrl(descriptor, size, dpi[2]);
    sources.push({
      media,
      srcSet: `${oneX} 1x, ${twoX} 2x`,
      width: size.width,
      ...(size.height ? { height: size.height } : {}),
    });
  }
  return sources;
}

/**
 * What to preload for a <picture> that is a page's largest image (issue 22): one entry per source, whose media
 * also rules out every earlier source's, since the browser shows the first source that matches; so a phone
 * preloads only the file it will show. A source's own media is the one imageSources() gives it.
 */
export function sourcePreloads(
  descriptor: ImageDescriptor,
): { href: string; media: string; srcSet: string }[] {
  const sizes = (descriptor.sizes ?? []).filter(
    (size) => size.minWidthBp !== undefined || size.maxWidthBp !== undefined,
  );
  const sources = imageSources(descriptor);
  const earlier: string[] = [];
  return sources.map((source, index) => {
    const size = sizes[index] as ImageSize;
    const media = [source.media, ...earlier].join(' and ');
    earlier.push(
      size.minWidthBp !== undefined ? `(width < ${size.minWidthBp}px)` : `(width > ${size.maxWidthBp}px)`,
    );
    const href = source.srcSet.split(' ')[0] ?? '';
    return { href, media, srcSet: source.srcSet };
  });
}

/** §7: the placeholder uses w, maxW and maxH all 15. */
export function placeholderUrl(descriptor: ImageDescriptor): string | null {
  return mediaUrl(
    { ...descriptor, maxW: PLACEHOLDER_SIZE, maxH: PLACEHOLDER_SIZE },
    { width: PLACEHOLDER_SIZE },
  );
}

/** §7 video: /v/{alias}/{filename}/mp4_720p. */
export function videoUrl(descriptor: ImageDescriptor, profile = 'mp4_720p'): string | null {
  const name = assetName(descriptor);
  return name ? `${assetPath('v', descriptor, name)}/${profile}` : null;
}

/** §9 video poster thumbnail: 15x15 jpg from the set's main thumbnail, square through the aspect parameter. */
export function videoPosterUrl(mainThumbSrc: string): string {
  const separator = mainThumbSrc.includes('?') ? '&' : '?';
  return `${mainThumbSrc}${separator}w=${PLACEHOLDER_SIZE}&sm=aspect&aspect=1:1&fmt=jpg`;
}

/** §7 metadata: /{i|s|v}/{alias}/{id}.json?metadata=true&protocol=https. */
export function metadataUrl(kind: 'i' | 's' | 'v', descriptor: ImageDescriptor): string | null {
  const name = assetName(descriptor);
  return name ? `${assetPath(kind, descriptor, `${name}.json`)}?metadata=true&protocol=https` : null;
}
