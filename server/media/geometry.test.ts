import { describe, expect, it } from 'vitest';
import { computeGeometry, fullSize, rasterLevel, rasterSize } from './geometry.ts';

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

  it('scales the whole original to the scale of the crop before cutting the crop out', () => {
    const g = computeGeometry(BANNER, { w: 480, aspect: { w: 1, h: 1 }, poi: false }, opts);
    expect(fullSize(BANNER, g)).toEqual({ width: 1152, height: 480 });
    expect(fullSize(TILE, computeGeometry(TILE, { w: 480, poi: false }, opts))).toEqual({
      width: 480,
      height: 640,
    });
  });
});

describe('kept raster levels of a vector original', () => {
  it('picks the smallest level at least as large as needed, so a resize only shrinks by less than √2', () => {
    expect(rasterLevel(TILE, { width: 1600, height: 2133 })).toBe(0);
    expect(rasterLevel(TILE, { width: 1132, height: 1509 })).toBe(0);
    expect(rasterLevel(TILE, { width: 1131, height: 1508 })).toBe(1);
    expect(rasterLevel(TILE, { width: 801, height: 1068 })).toBe(1);
    expect(rasterLevel(TILE, { width: 800, height: 1066 })).toBe(2);
    expect(rasterLevel(TILE, { width: 480, height: 640 })).toBe(3); // from 566 x 754, not 800 x 1067
    expect(rasterLevel(TILE, { width: 240, height: 320 })).toBe(5);
    expect(rasterLevel(TILE, { width: 11, height: 15 })).toBe(6); // never below an eighth
    // Both sides count: a crop's full size can be wide and short.
    expect(rasterLevel(BANNER, { width: 1152, height: 480 })).toBe(2);
    expect(rasterLevel(BANNER, { width: 600, height: 251 })).toBe(3);
  });

  it('draws from the vector when the output enlarges the original', () => {
    expect(rasterLevel(TILE, { width: 1601, height: 2134 })).toBeNull();
    expect(rasterLevel(BANNER, { width: 2880, height: 1200 })).toBeNull();
  });

  it('sizes a level as the original divided by √2 level times, exactly at the halvings', () => {
    expect(rasterSize(TILE, 0)).toEqual(TILE);
    expect(rasterSize(TILE, 1)).toEqual({ width: 1131, height: 1508 });
    expect(rasterSize(TILE, 2)).toEqual({ width: 800, height: 1067 });
    expect(rasterSize(TILE, 3)).toEqual({ width: 566, height: 754 });
    expect(rasterSize(TILE, 6)).toEqual({ width: 200, height: 267 });
  });
});
