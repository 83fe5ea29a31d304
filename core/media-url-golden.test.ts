import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  absoluteMediaUrl,
  configureMediaBaseUrl,
  DEFAULT_HERO_SIZES,
  DEFAULT_MEDIA_BASE_URL,
  imageSources,
  mediaBaseUrl,
  mediaUrl,
  metadataUrl,
  placeholderUrl,
  sourcePreloads,
  tileImage,
  videoUrl,
} from './media-url.ts';
import { GALLERY_SIZES, galleryImage, responsiveImage, TILE_SIZES } from './responsive-image.ts';

/**
 * Golden URLs (issue 44 #3): each way the storefront builds a media URL, and the exact URL it gives on the
 * built-in service and on an image CDN that speaks the same grammar (MEDIA_BASE_URL). The CDN's URL is the
 * built-in one with only its base changed: same path, same parameters in the same order, same candidates.
 */

const CDN = 'https://cdn.media.amplience.net';

const GOLDEN: Array<{ what: string; build: () => string | null; builtIn: string }> = [
  {
    what: 'an image at one width',
    build: () => mediaUrl({ id: 'summit-ascent-black' }, { width: 480 }),
    builtIn: '/media/i/ridgeline/summit-ascent-black?w=480&fmt=auto&qlt=75',
  },
  {
    what: 'a tile crop on white at 1x',
    build: () => mediaUrl(tileImage('summit-ascent-black'), { width: 210, height: 280 }, 96),
    builtIn:
      '/media/i/ridgeline/summit-ascent-black?w=210&sm=aspect&aspect=210%3A280&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29&dpi=96',
  },
  {
    what: 'a crop around the point of interest, bounded, progressive',
    build: () =>
      mediaUrl(
        { id: 'banner-powder-day', poi: true, maxW: 1600, maxH: 900, progressive: true, fmt: 'jpg', qlt: 80 },
        { width: 1440, height: 480 },
      ),
    builtIn:
      '/media/i/ridgeline/banner-powder-day?w=1440&maxW=1600&maxH=900&sm=aspect&aspect=1440%3A480&scaleFit=poi&fmt=jpg&fmt.interlaced=true&qlt=80',
  },
  {
    what: 'an image set',
    build: () => mediaUrl({ id: 'summit-ascent-gallery', set: true }),
    builtIn: '/media/s/ridgeline/summit-ascent-gallery?fmt=auto&qlt=75&protocol=https',
  },
  {
    what: 'a file name under another alias',
    build: () => mediaUrl({ filename: 'team photo.jpg', alias: 'ridgeline-team' }, { width: 300 }),
    builtIn: '/media/i/ridgeline-team/team%20photo.jpg?w=300&fmt=auto&qlt=75',
  },
  {
    what: 'the placeholder',
    build: () => placeholderUrl({ id: 'summit-ascent-black' }),
    builtIn: '/media/i/ridgeline/summit-ascent-black?w=15&maxW=15&maxH=15&fmt=auto&qlt=75',
  },
  {
    what: 'a video',
    build: () => videoUrl({ id: 'trail-clip' }),
    builtIn: '/media/v/ridgeline/trail-clip/mp4_720p',
  },
  {
    what: 'a set’s metadata',
    build: () => metadataUrl('s', { id: 'summit-ascent-gallery' }),
    builtIn: '/media/s/ridgeline/summit-ascent-gallery.json?metadata=true&protocol=https',
  },
  {
    what: 'a tile’s fallback and width candidates',
    build: () => {
      const image = responsiveImage(tileImage('summit-ascent-black'));
      return image && `${image.src} | ${image.srcSet}`;
    },
    builtIn: [
      '/media/i/ridgeline/summit-ascent-black?w=360&sm=aspect&aspect=360%3A480&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29',
      '/media/i/ridgeline/summit-ascent-black?w=240&sm=aspect&aspect=240%3A320&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29 240w, /media/i/ridgeline/summit-ascent-black?w=360&sm=aspect&aspect=360%3A480&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29 360w, /media/i/ridgeline/summit-ascent-black?w=480&sm=aspect&aspect=480%3A640&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29 480w, /media/i/ridgeline/summit-ascent-black?w=720&sm=aspect&aspect=720%3A960&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29 720w',
    ].join(' | '),
  },
  {
    what: 'a gallery image on a slow connection',
    build: () => galleryImage({ id: 'summit-ascent-side' }, false)?.srcSet ?? null,
    builtIn:
      '/media/i/ridgeline/summit-ascent-side?w=480&sm=aspect&aspect=480%3A640&fmt=auto&qlt=75 480w, /media/i/ridgeline/summit-ascent-side?w=640&sm=aspect&aspect=640%3A853&fmt=auto&qlt=75 640w',
  },
  {
    what: 'a hero picture’s sources at 1x and 2x',
    build: () =>
      imageSources({ id: 'banner-dawn-summit', sizes: DEFAULT_HERO_SIZES })
        .map((source) => `${source.media} ${source.srcSet}`)
        .join(' | '),
    builtIn: [
      '(max-width: 480px) /media/i/ridgeline/banner-dawn-summit?w=480&sm=aspect&aspect=480%3A480&fmt=auto&qlt=75&dpi=96 1x, /media/i/ridgeline/banner-dawn-summit?w=480&sm=aspect&aspect=480%3A480&fmt=auto&qlt=75&dpi=144 2x',
      '(max-width: 1023px) /media/i/ridgeline/banner-dawn-summit?w=768&sm=aspect&aspect=768%3A432&fmt=auto&qlt=75&dpi=96 1x, /media/i/ridgeline/banner-dawn-summit?w=768&sm=aspect&aspect=768%3A432&fmt=auto&qlt=75&dpi=144 2x',
      '(min-width: 1024px) /media/i/ridgeline/banner-dawn-summit?w=1440&sm=aspect&aspect=1440%3A480&fmt=auto&qlt=75&dpi=96 1x, /media/i/ridgeline/banner-dawn-summit?w=1440&sm=aspect&aspect=1440%3A480&fmt=auto&qlt=75&dpi=144 2x',
    ].join(' | '),
  },
  {
    what: 'the preload of a hero’s first source',
    build: () => sourcePreloads({ id: 'banner-dawn-summit', sizes: DEFAULT_HERO_SIZES })[0]?.href ?? null,
    builtIn: '/media/i/ridgeline/banner-dawn-summit?w=480&sm=aspect&aspect=480%3A480&fmt=auto&qlt=75&dpi=96',
  },
];

afterEach(() => configureMediaBaseUrl(null));

describe('golden media URLs', () => {
  it.each(GOLDEN)('$what on the built-in service', ({ build, builtIn }) => {
    expect(mediaBaseUrl()).toBe(DEFAULT_MEDIA_BASE_URL);
    expect(build()).toBe(builtIn);
  });

  it.each(GOLDEN)('$what on the image CDN: the same URL at its base', ({ build, builtIn }) => {
    configureMediaBaseUrl(`${CDN}/`);
    expect(mediaBaseUrl()).toBe(CDN);
    expect(build()).toBe(builtIn.replaceAll('/media/', `${CDN}/`));
  });

  it('keeps a descriptor’s own base whatever the setting (the media service’s set listings)', () => {
    configureMediaBaseUrl(CDN);
    expect(mediaUrl({ id: 'x', baseUrl: '/media' })).toBe('/media/i/ridgeline/x?fmt=auto&qlt=75');
  });

  it('leaves `sizes` alone: they describe the layout, not the host', () => {
    const before = { ...TILE_SIZES, gallery: GALLERY_SIZES };
    configureMediaBaseUrl(CDN);
    expect({ ...TILE_SIZES, gallery: GALLERY_SIZES }).toEqual(before);
  });

  it('goes back to the built-in service when the setting is cleared', () => {
    configureMediaBaseUrl(CDN);
    configureMediaBaseUrl('');
    expect(mediaUrl({ id: 'x' })).toBe('/media/i/ridgeline/x?fmt=auto&qlt=75');
  });

  it('makes a built-in URL absolute at the store’s origin and leaves a CDN’s as it is', () => {
    expect(absoluteMediaUrl('https://shop.example', '/media/i/ridgeline/x?w=1200')).toBe(
      'https://shop.example/media/i/ridgeline/x?w=1200',
    );
    expect(absoluteMediaUrl('https://shop.example', `${CDN}/i/ridgeline/x?w=1200`)).toBe(
      `${CDN}/i/ridgeline/x?w=1200`,
    );
  });

  it('in a browser, takes the base the server rendered into the page, once, before the first URL', async () => {
    const asked: string[] = [];
    const page = (content: string | null) => ({
      querySelector: (selector: string) => {
        asked.push(selector);
        return content === null ? null : { getAttribute: () => content };
      },
    });
    vi.resetModules();
    vi.stubGlobal('document', page(`${CDN}/`));
    try {
      const browser = await import('./media-url.ts');
      expect(browser.mediaUrl({ id: 'x' })).toBe(`${CDN}/i/ridgeline/x?fmt=auto&qlt=75`);
      expect(browser.videoUrl({ id: 'clip' })).toBe(`${CDN}/v/ridgeline/clip/mp4_720p`);
      expect(asked).toEqual(['meta[name="media-base-url"]']);
      vi.resetModules();
      vi.stubGlobal('document', page(null));
      const withoutCdn = await import('./media-url.ts');
      expect(withoutCdn.mediaUrl({ id: 'x' })).toBe('/media/i/ridgeline/x?fmt=auto&qlt=75');
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
