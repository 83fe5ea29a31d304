import { describe, expect, it } from 'vitest';
import { aspectRatio, bannerSizes, bannerView } from './banner.ts';
import { classifyGesture, isDoubleTap, isEmulatedMouse, nextZoom, stepIndex } from './gestures.ts';

const locale = { language: 'en', country: 'us' };
const base = {
  uid: 'b1',
  title: 'Kitted out',
  content: 'Tap the markers',
  content_layout: 'top-right',
  dark_overlay_on_banner_image: true,
  background: {
    type: 'Image',
    amplience_id: 'banner-dawn-summit',
    alt_text: 'Two snowshoers',
    desktop_aspect_ratio: '3:1',
    mobile_aspect_ratio: '1:1',
    content: {
      enableHotspots: true,
      hotspots: [
        {
          id: 'p',
          title: 'Summit Ascent',
          dataType: 'product',
          product: [{ uid: 'ridgeline-summit-ascent-mens' }],
          points: { x: 0.3, y: 0.7 },
        },
        { id: 'untitled', title: '', dataType: 'manual', points: { x: 0.1, y: 0.1 } },
        {
          id: 'm',
          dataType: 'manual',
          points: { x: 2, y: 0.5 },
          manual: { title: 'Gaiters', href: '/c/accessories/gaiters' },
          ctaCopy: '',
        },
      ],
    },
  },
  cta_button_global: [
    {
      button_text: 'Shop',
      type: 'Internal',
      internal_link: { href: '/snowshoes', content_type: 'product_category' },
    },
    { button_text: '', type: 'Internal', internal_link: { href: '/x' } },
    { button_text: 'Bad', type: 'External', external_link: 'javascript:alert(1)' },
    { button_text: 'Blog', type: 'External', external_link: 'https://blog.example', new_tab: true },
  ],
};

describe('bannerView', () => {
  it('needs a background with an asset id (§5)', () => {
    expect(bannerView({ ...base, background: { type: 'Image' } }, locale)).toBeNull();
    expect(bannerView({ title: 'x' }, locale)).toBeNull();
  });
  it('resolves CTAs in the locale, drops empty and javascript ones', () => {
    const view = bannerView(base, locale);
    expect(view?.ctas).toEqual([
      { text: 'Shop', variant: 'primary', href: '/en-us/c/snowshoes', newTab: false, external: false },
      { text: 'Blog', variant: 'primary', href: 'https://blog.example', newTab: true, external: true },
    ]);
    expect(view?.aspect).toEqual({ desktop: '3 / 1', mobile: '1 / 1' });
    expect(view?.layout).toBe('top-right');
  });
  it('keeps titled hotspots with a data type, links products and clamps points', () => {
    const hotspots = bannerView(base, locale)?.hotspots ?? [];
    expect(hotspots.map((hotspot) => hotspot.id)).toEqual(['p', 'm']);
    expect(hotspots[0]).toMatchObject({ link: '/en-us/p/ridgeline-summit-ascent-mens', ctaCopy: 'Shop Now' });
    expect(hotspots[1]).toMatchObject({ x: 1, link: '/en-us/c/accessories/gaiters', ctaCopy: 'Learn More' });
  });
  it('uses the poster image set of a video background', () => {
    const video = bannerView(
      {
        ...base,
        background: {
          ...base.background,
          type: 'Video',
          amplience_id: 'video-race-start',
          imageset: 'lifestyle-race-start',
        },
      },
      locale,
    );
    expect(video?.background).toMatchObject({
      type: 'video',
      imageId: 'lifestyle-race-start',
      videoId: 'video-race-start',
    });
  });
  it('sizes images by the aspect of each breakpoint', () => {
    expect(aspectRatio('bad', '16 / 9')).toBe('16 / 9');
    const sizes = bannerSizes({ desktop: '3 / 1', mobile: '1 / 1' });
    expect(sizes[0]).toEqual({ width: 480, height: 480, maxWidthBp: 480 });
    expect(sizes.at(-1)).toEqual({ width: 1792, height: 597, minWidthBp: 1441 });
  });
});

describe('gestures (§9 tolerances)', () => {
  const at = (x: number, y: number, t: number) => ({ x, y, at: t });
  it('tells taps, long taps and swipes apart', () => {
    expect(classifyGesture(at(0, 0, 0), at(8, 5, 100))).toBe('tap');
    expect(classifyGesture(at(0, 0, 0), at(3, 3, 450))).toBe('long-tap');
    expect(classifyGesture(at(100, 0, 0), at(60, 5, 200))).toBe('swipe-left');
    expect(classifyGesture(at(0, 0, 0), at(0, 31, 200))).toBe('swipe-down');
    expect(classifyGesture(at(0, 0, 0), at(20, 0, 200))).toBe('none');
  });
  it('ignores emulated mouse events within 350 ms of a touch', () => {
    expect(isEmulatedMouse(1000, 1349)).toBe(true);
    expect(isEmulatedMouse(1000, 1350)).toBe(false);
    expect(isEmulatedMouse(null, 5)).toBe(false);
  });
  it('zooms 1 → 2 → 3 → 1 on double taps', () => {
    expect(isDoubleTap(at(0, 0, 0), at(4, 4, 250))).toBe(true);
    expect(isDoubleTap(at(0, 0, 0), at(40, 4, 250))).toBe(false);
    expect([1, 2, 3].map(nextZoom)).toEqual([2, 3, 1]);
  });
  it('steps slides with or without loop', () => {
    expect(stepIndex(2, 1, 3, true)).toBe(0);
    expect(stepIndex(0, -1, 3, true)).toBe(2);
    expect(stepIndex(2, 1, 3, false)).toBe(2);
  });
});
