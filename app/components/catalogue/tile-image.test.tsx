import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { tileImage } from '#core/media-url.ts';
import { responsiveImage } from '#core/responsive-image.ts';
import { TileImage } from './tile-image.tsx';

const srcSetOf = (html: string) => /srcSet="([^"]+)"/i.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('TileImage', () => {
  it("offers each asset's own candidates, the same however often the tile is drawn", () => {
    const first = renderToStaticMarkup(<TileImage imageId="crow-black" layout="grid" />);
    const again = renderToStaticMarkup(<TileImage imageId="crow-black" layout="grid" />);
    const other = renderToStaticMarkup(<TileImage imageId="crow-red" layout="slider" />);
    expect(again).toBe(first);
    expect(srcSetOf(first)).toBe(responsiveImage(tileImage('crow-black'))?.srcSet);
    expect(srcSetOf(other)).toBe(responsiveImage(tileImage('crow-red'))?.srcSet);
    expect(srcSetOf(first)?.split(', ')).toHaveLength(4);
  });
});
