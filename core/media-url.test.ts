import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HERO_SIZES,
  DEFAULT_TILE_SIZES,
  imageSources,
  mediaUrl,
  metadataUrl,
  placeholderUrl,
  sourcePreloads,
  tileImage,
  videoPosterUrl,
  videoUrl,
} from './media-url.ts';

const query = (url: string | null) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
const path = (url: string | null) => new URL(url ?? '', 'http://x').pathname;

describe('§7 image URL grammar', () => {
  it('puts images under /i/{alias}/{id} with the brand alias and the built-in service by default', () => {
    expect(path(mediaUrl({ id: 'trail-24-black' }))).toBe('/media/i/ridgeline/trail-24-black');
    expect(query(mediaUrl({ id: 'a' }))).toEqual({ fmt: 'auto', qlt: '75' });
  });

  it('uses a filename when there is no id, a configured alias and base URL', () => {
    const url = mediaUrl({
      filename: 'hero.jpg',
      alias: 'ridgeline-eu',
      baseUrl: 'https://cdn.example.com/',
    });
    expect(url?.startsWith('https://cdn.example.com/i/ridgeline-eu/hero.jpg?')).toBe(true);
  });

  it('puts image sets under /s/ with protocol=https', () => {
    const url = mediaUrl({ id: 'trail-24', set: true });
    expect(path(url)).toBe('/media/s/ridgeline/trail-24');
    expect(query(url).protocol).toBe('https');
  });

  it('sets w, maxW, maxH, fmt, fmt.interlaced, qlt, bg and dpi', () => {
    const url = mediaUrl(
      { id: 'a', maxW: 2000, maxH: 1500, fmt: 'webp', progressive: true, qlt: 60, bg: 'rgb(0,0,0)' },
      { width: 640 },
      144,
    );
    expect(query(url)).toEqual({
      w: '640',
      maxW: '2000',
      maxH: '1500',
      fmt: 'webp',
      'fmt.interlaced': 'true',
      qlt: '60',
      bg: 'rgb(0,0,0)',
      dpi: '144',
    });
  });

  it('expresses a height as sm=aspect with the aspect, and scaleFit=poi when asked', () => {
    expect(query(mediaUrl({ id: 'a' }, { width: 210, height: 280 }))).toMatchObject({
      sm: 'aspect',
      aspect: '210:280',
    });
    expect(query(mediaUrl({ id: 'a', poi: true }, { width: 210, height: 280 })).scaleFit).toBe('poi');
    expect(query(mediaUrl({ id: 'a', poi: true }, { width: 210 }))).not.toHaveProperty('scaleFit');
  });

  it('encodes ids and aliases', () => {
    expect(mediaUrl({ id: 'a b/c', alias: 'x y' })).toContain('/i/x%20y/a%20b%2Fc?');
  });
});

describe('§5 an image requires an id and a media query width', () => {
  it('gives no URL without an id or filename', () => {
    expect(mediaUrl({})).toBeNull();
    expect(mediaUrl({ id: '  ', filename: '' })).toBeNull();
    expect(placeholderUrl({ id: null })).toBeNull();
    expect(videoUrl({})).toBeNull();
    expect(metadataUrl('i', {})).toBeNull();
    expect(imageSources({ sizes: DEFAULT_TILE_SIZES })).toEqual([]);
  });

  it('skips sizes without a media query width', () => {
    const sources = imageSources({ id: 'a', sizes: [{ width: 100 }, { width: 200, minWidthBp: 600 }] });
    expect(sources.map((s) => s.media)).toEqual(['(min-width: 600px)']);
    expect(imageSources({ id: 'a' })).toEqual([]);
  });
});

describe('§9 tile and hero defaults', () => {
  it('has tile sizes 210x280 up to 480px, 353x471 up to 767px, 340x453 from 768px', () => {
    expect(DEFAULT_TILE_SIZES).toEqual([
      { width: 210, height: 280, maxWidthBp: 480 },
      { width: 353, height: 471, maxWidthBp: 767 },
      { width: 340, height: 453, minWidthBp: 768 },
    ]);
  });

  it('has hero sizes 480x480, 768x432, 1440x480', () => {
    expect(DEFAULT_HERO_SIZES.map((s) => `${s.width}x${s.height}`)).toEqual([
      '480x480',
      '768x432',
      '1440x480',
    ]);
  });

  it('gives tile images quality 90 on white, with 1x and 2x sources at dpi 96 and 144', () => {
    const sources = imageSources(tileImage('trail-24'));
    expect(sources.map((s) => s.media)).toEqual([
      '(max-width: 480px)',
      '(max-width: 767px)',
      '(min-width: 768px)',
    ]);
    const [oneX, twoX] = (sources[0]?.srcSet ?? '').split(', ');
    expect(oneX?.endsWith(' 1x')).toBe(true);
    expect(twoX?.endsWith(' 2x')).toBe(true);
    expect(query(oneX?.replace(/ 1x$/, '') ?? '')).toMatchObject({
      w: '210',
      qlt: '90',
      bg: 'rgb(255,255,255)',
      dpi: '96',
    });
    expect(query(twoX?.replace(/ 2x$/, '') ?? '').dpi).toBe('144');
    expect(sources[0]).toMatchObject({ width: 210, height: 280 });
  });

  it('uses the dpi map of a slow connection when given', () => {
    const sources = imageSources({
      id: 'a',
      dpi: { 1: 72, 2: 72 },
      sizes: [{ width: 100, maxWidthBp: 400 }],
    });
    expect(sources[0]?.srcSet).not.toContain('dpi=96');
    expect(sources[0]?.srcSet).toContain('dpi=72');
    expect(sources[0]).not.toHaveProperty('height');
  });
});

describe('§7 placeholder, video and metadata URLs', () => {
  it('builds the placeholder with w, maxW and maxH all 15', () => {
    expect(query(placeholderUrl({ id: 'a', maxW: 3000 }))).toMatchObject({ w: '15', maxW: '15', maxH: '15' });
  });

  it('builds the video URL as /v/{alias}/{filename}/mp4_720p', () => {
    expect(videoUrl({ id: 'winter-film' })).toBe('/media/v/ridgeline/winter-film/mp4_720p');
    expect(videoUrl({ id: 'f', baseUrl: 'https://cdn.example.com' }, 'mp4_480p')).toBe(
      'https://cdn.example.com/v/ridgeline/f/mp4_480p',
    );
  });

  it('builds a 15x15 jpg poster thumbnail (§9)', () => {
    expect(videoPosterUrl('/media/i/ridgeline/thumb')).toBe(
      '/media/i/ridgeline/thumb?w=15&sm=aspect&aspect=1:1&fmt=jpg',
    );
    expect(videoPosterUrl('/t?x=1')).toBe('/t?x=1&w=15&sm=aspect&aspect=1:1&fmt=jpg');
  });

  it('builds the metadata URL with metadata=true and protocol=https', () => {
    expect(metadataUrl('s', { id: 'trail-24' })).toBe(
      '/media/s/ridgeline/trail-24.json?metadata=true&protocol=https',
    );
    expect(metadataUrl('v', { id: 'film', alias: 'other' })).toBe(
      '/media/v/other/film.json?metadata=true&protocol=https',
    );
  });
});

describe('issue 22 preloads for a picture', () => {
  it('gives each source a media that rules out the earlier ones, so one file matches a viewport', () => {
    const preloads = sourcePreloads({
      id: 'banner',
      sizes: [
        { width: 480, maxWidthBp: 480 },
        { width: 768, maxWidthBp: 767 },
        { width: 100 },
        { width: 1792, minWidthBp: 1441 },
      ],
      dpi: { 1: 96, 2: 144 },
    });
    expect(preloads.map((preload) => preload.media)).toEqual([
      '(max-width: 480px)',
      '(max-width: 767px) and (width > 480px)',
      '(min-width: 1441px) and (width > 480px) and (width > 767px)',
    ]);
    expect(preloads[0]?.srcSet).toMatch(/^\S+dpi=96 1x, \S+dpi=144 2x$/);
    expect(preloads[0]?.href).toBe(preloads[0]?.srcSet.split(' ')[0]);
  });

  it('has nothing to preload without an id', () => {
    expect(sourcePreloads({ sizes: [{ width: 480, maxWidthBp: 480 }] })).toEqual([]);
  });
});
