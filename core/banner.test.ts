import { describe, expect, it } from 'vitest';
import {
  BANNER_IMAGE_HEIGHT,
  BANNER_IMAGE_WIDTHS,
  BANNER_SLIDER,
  bannerAssetId,
  bannerLayout,
  isBannerPublished,
  visibleCtas,
} from './banner.ts';

describe('§5 banner published rule', () => {
  it('counts a banner with a background and an asset id as published', () => {
    expect(isBannerPublished({ background: { type: 'Image', amplience_id: 'hero-1' } })).toBe(true);
    expect(isBannerPublished({ background: { type: 'Video', content: { amplienceId: 'vid-1' } } })).toBe(
      true,
    );
  });

  it('does not count a banner without a background or without an asset id', () => {
    expect(isBannerPublished({ title: 'Winter' })).toBe(false);
    expect(isBannerPublished({ background: {} })).toBe(false);
    expect(isBannerPublished({ background: { amplience_id: '', content: { amplienceId: '' } } })).toBe(false);
    expect(isBannerPublished(null)).toBe(false);
    expect(bannerAssetId(undefined)).toBeNull();
  });
});

describe('§3 banner defaults', () => {
  it('lays out top-left by default', () => {
    expect(bannerLayout({})).toBe('top-left');
    expect(bannerLayout({ content_layout: 'center' })).toBe('center');
  });

  it('shows only call-to-action buttons with text (§5)', () => {
    const ctas = [{ button_text: 'Shop' }, { button_text: '' }, null, { button_text: ' ' }];
    expect(visibleCtas({ cta_button_global: ctas })).toEqual([{ button_text: 'Shop' }]);
    expect(visibleCtas(null)).toEqual([]);
  });
});

describe('§9 banner constants', () => {
  it('autoplays every 7000 ms, loops, slides in 500 ms, with images 480 to 1792 wide at height 300', () => {
    expect(BANNER_SLIDER).toEqual({ autoplayMs: 7000, loop: true, speedMs: 500 });
    expect(BANNER_IMAGE_WIDTHS[0]).toBe(480);
    expect(BANNER_IMAGE_WIDTHS.at(-1)).toBe(1792);
    expect(BANNER_IMAGE_HEIGHT).toBe(300);
  });
});
