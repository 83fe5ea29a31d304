import { describe, expect, it } from 'vitest';
import { computeGeometry } from './geometry.ts';

const TILE = { width: 1600, height: 2133 };
const BANNER = { width: 2400, height: 1000 };
const opts = { maxDimension: 4000, vector: false };

describe('output geometry', () => {
  it('keeps the aspect ratio for a width', () => {
    expect(computeGeometry(TILE, { w: 480, poi: false }, opts)).toMatchObject({ width: 480, height: 640 });
  });

  it('scales the width by dpi / 72', () => {
    expect(computeGeometry(TILE, { w: 210, dpi: 144, poi: false }, opts).width).toBe(420);
    expect(computeGeometry(TILE, { w: 210, dpi: 72, poi: false }, opts).width).toBe(210);
  });

  it('crops to sm=aspect in the middle, or around the point of interest', () => {
    const centred = computeGeometry(BANNER, { w: 480, aspect: { w: 1, h: 1 }, poi: false }, opts);
    expect(centred).toEqual({
      crop: { left: 700, top: 0, width: 1000, height: 1000 },
      width: 480,
      height: 480,
    });
    const poi = { x: 0.05, y: 0.2, w: 0.1, h: 0.2 };
    const left = computeGeometry(BANNER, { w: 480, aspect: { w: 1, h: 1 }, poi: true }, { ...opts, poi });
    expect(left.crop.left).toBe(0);
    const right = computeGeometry(
      BANNER,
      { w: 480, aspect: { w: 1, h: 1 }, poi: true },
      { ...opts, poi: { x: 0.7, y: 0, w: 0.1, h: 1 } },
    );
    expect(right.crop.left).toBe(1300);
  });

  it('fits inside maxW and maxH (the 15px placeholder)', () => {
    expect(computeGeometry(TILE, { w: 15, maxW: 15, maxH: 15, poi: false }, opts)).toMatchObject({
      width: 11,
      height: 15,
    });
  });

  it('never enlarges a raster original but may enlarge a vector one', () => {
    expect(computeGeometry(TILE, { w: 3000, poi: false }, opts).width).toBe(1600);
    expect(computeGeometry(TILE, { w: 3000, poi: false }, { ...opts, vector: true }).width).toBe(3000);
  });

  it('caps every side at the maximum dimension, even after dpi', () => {
    const g = computeGeometry(TILE, { w: 3000, dpi: 288, poi: false }, { ...opts, vector: true });
    expect(Math.max(g.width, g.height)).toBeLessThanOrEqual(4000);
    expect(g.height).toBe(4000);
  });
});
