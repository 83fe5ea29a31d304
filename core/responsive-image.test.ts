import { describe, expect, it } from 'vitest';
import { tileImage } from './media-url.ts';
import { galleryImage, responsiveImage, TILE_IMAGE_WIDTHS, TILE_SIZES } from './responsive-image.ts';

describe('responsiveImage', () => {
  it('offers each tile width once, as a w descriptor, cropped 3:4 and without dpi', () => {
    const image = responsiveImage(tileImage('trail-24'));
    const candidates = image?.srcSet.split(', ') ?? [];
    expect(candidates.map((candidate) => candidate.split(' ')[1])).toEqual(
      TILE_IMAGE_WIDTHS.map((width) => `${width}w`),
    );
    expect(candidates[0]).toBe(
      '/media/i/ridgeline/trail-24?w=240&sm=aspect&aspect=240%3A320&fmt=auto&qlt=90&bg=rgb%28255%2C255%2C255%29 240w',
    );
    expect(image?.srcSet).not.toContain('dpi=');
  });

  it('falls back to the second width with its intrinsic size (no layout shift)', () => {
    const image = responsiveImage(tileImage('trail-24'));
    expect(image).toMatchObject({ width: 360, height: 480 });
    expect(image?.src).toContain('w=360&');
  });

  it('caps the widths on a slow connection but keeps the smallest', () => {
    expect(responsiveImage(tileImage('a'), { maxWidth: 360 })?.srcSet.match(/ \d+w/g)).toEqual([
      ' 240w',
      ' 360w',
    ]);
    expect(responsiveImage(tileImage('a'), { maxWidth: 100 })?.srcSet.match(/ \d+w/g)).toEqual([' 240w']);
  });

  it('gives nothing without an asset id', () => {
    expect(responsiveImage(tileImage(''))).toBeNull();
  });

  it('ends every sizes list with a default for the narrowest screens', () => {
    for (const sizes of Object.values(TILE_SIZES)) expect(sizes.split(', ').at(-1)).not.toMatch(/min-width/);
  });
});

describe('galleryImage', () => {
  const product = { id: 'summit-black', qlt: 90, bg: 'rgb(255,255,255)' };

  it('offers a phone at 1.75x (412 px less its gutters) an 800 px image, not the 1200 px of a 2x picture', () => {
    const image = galleryImage(product, true);
    expect(image?.srcSet.match(/ \d+w/g)).toEqual([' 480w', ' 640w', ' 800w', ' 1080w', ' 1440w']);
    expect(image?.srcSet).toContain('/media/i/ridgeline/summit-black?w=800&sm=aspect&aspect=800%3A1067&');
    expect(image?.srcSet).not.toContain('dpi=');
    expect(image).toMatchObject({ width: 640, height: 853 });
  });

  it('caps a slow connection at 640 px', () => {
    expect(galleryImage(product, false)?.srcSet.match(/ \d+w/g)).toEqual([' 480w', ' 640w']);
  });

  it('has nothing to offer without an asset id', () => {
    expect(galleryImage({ id: null }, true)).toBeNull();
  });
});
