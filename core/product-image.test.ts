import { describe, expect, it } from 'vitest';
import { colourImageId, mediaIdOfPath, productImageIdOf } from './product-image.ts';

const variant = (valueId: number, thumbnail: string | null) => ({
  thumbnail,
  option_values: [{ value_id: valueId }],
});

describe('the product image resolver', () => {
  it('reads the media id of a media path, a bare id, or nothing', () => {
    expect(mediaIdOfPath('/media/i/ridgeline/upload-a1?w=480')).toBe('upload-a1');
    expect(mediaIdOfPath('https://cdn.example/i/ridgeline/caf%C3%A9')).toBe('café');
    expect(mediaIdOfPath('upload-b2')).toBe('upload-b2');
    expect(mediaIdOfPath('')).toBeNull();
    expect(mediaIdOfPath(null)).toBeNull();
    expect(mediaIdOfPath('/?w=1')).toBeNull();
  });

  it('prefers the image the colour value names, then a variant of the colour, then the thumbnail', () => {
    const product = {
      thumbnail: '/media/i/ridgeline/upload-first',
      variants: [
        variant(2, null),
        { thumbnail: '/media/i/ridgeline/upload-red', option_values: [{ values: [{ id: 2 }] }] },
      ],
    };
    expect(colourImageId(product, { entityId: 1, image: 'upload-black' })).toBe('upload-black');
    expect(colourImageId(product, { id: 2 })).toBe('upload-red');
    expect(colourImageId(product, { entityId: 3 })).toBe('upload-first');
    expect(colourImageId({ thumbnail: null }, { entityId: 3 })).toBeNull();
    expect(colourImageId({ thumbnail: '/media/i/ridgeline/t' }, {})).toBe('t');
  });

  it('stands for the product by its first colour, or by its thumbnail without colours', () => {
    const product = {
      thumbnail: '/media/i/ridgeline/upload-t',
      variants: [variant(5, '/media/i/ridgeline/upload-5')],
    };
    expect(productImageIdOf(product, [{ entityId: 5 }, { entityId: 6 }])).toBe('upload-5');
    expect(productImageIdOf(product)).toBe('upload-t');
    expect(productImageIdOf({})).toBeNull();
  });
});
