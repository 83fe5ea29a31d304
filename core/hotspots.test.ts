import { describe, expect, it } from 'vitest';
import {
  admitHotspots,
  HOTSPOT_MARKER_OFFSET_PX,
  hotspotPanelPosition,
  isSmallContainer,
  toggleHotspot,
  toHotspot,
} from './hotspots.ts';

describe('§5 hotspot admission', () => {
  it('keeps only hotspots with a data type and a non-empty title', () => {
    const kept = admitHotspots([
      { id: '1', dataType: 'product', title: 'Trail 24' },
      { id: '2', dataType: 'page', title: '' },
      { id: '3', dataType: 'page', title: '   ' },
      { id: '4', title: 'No type' },
      { id: '5', dataType: 'manual', manual: { title: 'Binding' } },
      null,
    ]);
    expect(kept.map((h) => h.id)).toEqual(['1', '5']);
  });

  it('tolerates a missing list', () => {
    expect(admitHotspots(undefined)).toEqual([]);
  });
});

describe('§3 hotspot fields', () => {
  it('takes a manual hotspot’s content from manual', () => {
    const hotspot = toHotspot({
      id: 'm',
      dataType: 'manual',
      title: 'ignored',
      points: { x: 0.25, y: 1.4 },
      manual: { title: 'Crampon', description: 'Steel', href: '/support/crampons', ampId: 'img-1' },
    });
    expect(hotspot).toMatchObject({
      title: 'Crampon',
      description: 'Steel',
      href: '/support/crampons',
      ampId: 'img-1',
    });
    expect(hotspot).toMatchObject({ x: 0.25, y: 1, ctaCopy: 'Learn More' });
  });

  it('takes other hotspots’ content from their own fields, with the default CTA copy (§9)', () => {
    const hotspot = toHotspot({
      id: 'p',
      dataType: 'product',
      title: 'Trail 24',
      href: '/p/trail-24',
      fontColor: '#fff',
    });
    expect(hotspot).toMatchObject({
      title: 'Trail 24',
      description: '',
      ampId: '',
      x: 0,
      y: 0,
      ctaCopy: 'Shop Now',
    });
    expect(hotspot.fontColor).toBe('#fff');
    expect(hotspot).not.toHaveProperty('backgroundColor');
    expect(toHotspot({ id: 'q', backgroundColor: '#000' })).toMatchObject({
      dataType: '',
      title: '',
      href: '',
    });
  });
});

describe('§4 active hotspot', () => {
  it('toggles: clicking the active hotspot clears it, another switches to it', () => {
    expect(toggleHotspot(null, 'a')).toBe('a');
    expect(toggleHotspot('a', 'a')).toBeNull();
    expect(toggleHotspot('a', 'b')).toBe('b');
  });

  it('counts the container as small at 650px wide or less, or 360px high or less', () => {
    expect(isSmallContainer(650, 800)).toBe(true);
    expect(isSmallContainer(1200, 360)).toBe(true);
    expect(isSmallContainer(651, 361)).toBe(false);
  });

  it('places the panel using the 0.3 and 0.6 thresholds', () => {
    expect(hotspotPanelPosition({ x: 0.1, y: 0.1 })).toEqual({ horizontal: 'right', vertical: 'below' });
    expect(hotspotPanelPosition({ x: 0.3, y: 0.6 })).toEqual({ horizontal: 'center', vertical: 'middle' });
    expect(hotspotPanelPosition({ x: 0.61, y: 0.9 })).toEqual({ horizontal: 'left', vertical: 'above' });
    expect(HOTSPOT_MARKER_OFFSET_PX).toBe(18);
  });
});
