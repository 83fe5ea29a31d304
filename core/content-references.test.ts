import { describe, expect, it } from 'vitest';
import { assetsIn, mediaIdsIn, referencesIn } from './content-references.ts';
import type { ContentTypeSchema } from './content-schema.ts';

const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });

const PAGE: ContentTypeSchema = {
  uid: 'page',
  title: 'Page',
  description: '',
  options: { singleton: false, title: 'title' },
  schema: [
    { uid: 'title', display_name: 'Title', data_type: 'text', mandatory: true },
    { uid: 'author', display_name: 'Author', data_type: 'reference', reference_to: ['team'] },
    { uid: 'hero', display_name: 'Hero', data_type: 'file' },
    {
      uid: 'image',
      display_name: 'Image',
      data_type: 'group',
      field_metadata: { image: true },
      schema: [
        { uid: 'amplience_id', display_name: 'Image', data_type: 'text', field_metadata: { image: true } },
        { uid: 'alt_text', display_name: 'Alt', data_type: 'text' },
      ],
    },
    {
      uid: 'sections',
      display_name: 'Sections',
      data_type: 'group',
      multiple: true,
      schema: [
        {
          uid: 'products',
          display_name: 'Products',
          data_type: 'reference',
          reference_to: ['product', 'page'],
          field_metadata: { ref_multiple: true },
        },
        { uid: 'gallery', display_name: 'Gallery', data_type: 'file', multiple: true },
      ],
    },
    {
      uid: 'modules',
      display_name: 'Modules',
      data_type: 'blocks',
      blocks: [
        {
          uid: 'banner',
          title: 'Banner',
          schema: [
            { uid: 'banner', display_name: 'Banner', data_type: 'reference', reference_to: ['banner'] },
          ],
        },
        {
          uid: 'picture',
          title: 'Picture',
          schema: [
            { uid: 'ampId', display_name: 'Image', data_type: 'text', field_metadata: { image: true } },
          ],
        },
      ],
    },
  ],
};

describe('referencesIn', () => {
  it('finds references at the top, in repeatable groups and in blocks of either shape, each once', () => {
    const fields = {
      title: 'Home',
      author: [{ uid: 'sam' }],
      sections: [
        { products: [ref('product', 'p1'), ref('page', 'home')] },
        { products: [ref('product', 'p1'), ref('product', 'p2')] },
        'not a group',
      ],
      modules: [
        { type: 'banner', banner: [ref('banner', 'b1')] },
        { banner: { banner: [ref('banner', 'b2')] }, _metadata: { uid: 'x' } },
        { type: 'video', banner: [ref('banner', 'ignored')] },
        'junk',
        { a: 1, b: 2 },
      ],
    };
    expect(referencesIn(PAGE, fields)).toEqual([
      { uid: 'sam', contentType: 'team', path: ['author', 0] },
      { uid: 'p1', contentType: 'product', path: ['sections', 0, 'products', 0] },
      { uid: 'home', contentType: 'page', path: ['sections', 0, 'products', 1] },
      { uid: 'p2', contentType: 'product', path: ['sections', 1, 'products', 1] },
      { uid: 'b1', contentType: 'banner', path: ['modules', 0, 'banner', 0] },
      { uid: 'b2', contentType: 'banner', path: ['modules', 1, 'banner', 0] },
    ]);
  });

  it('skips what is not a reference: no uid, an unknown type among several, not a list, no fields', () => {
    expect(
      referencesIn(PAGE, {
        author: 'sam',
        sections: [{ products: [{ uid: 'x' }, { title: 'no uid' }, null] }],
        modules: { type: 'banner' },
      }),
    ).toEqual([]);
    expect(referencesIn(PAGE, null)).toEqual([]);
    expect(referencesIn(PAGE, { sections: { products: [ref('product', 'p')] } })).toEqual([]);
  });
});

describe('assetsIn and mediaIdsIn', () => {
  it('finds file asset uids (also given as asset objects) and media ids of images, each once', () => {
    const fields = {
      hero: { uid: 'asset-hero', url: '/x' },
      image: { amplience_id: 'banner-powder-day', alt_text: 'Powder' },
      sections: [{ gallery: ['asset-1', 'asset-2', ''] }, { gallery: ['asset-1'] }],
      modules: [
        { type: 'picture', ampId: 'lifestyle-workshop' },
        { picture: { ampId: 'banner-powder-day' } },
      ],
    };
    expect(assetsIn(PAGE, fields)).toEqual(['asset-hero', 'asset-1', 'asset-2']);
    expect(mediaIdsIn(PAGE, fields)).toEqual(['banner-powder-day', 'lifestyle-workshop']);
  });

  it('finds nothing in empty or malformed fields', () => {
    expect(assetsIn(PAGE, { hero: 3, image: { amplience_id: '' } })).toEqual([]);
    expect(mediaIdsIn(PAGE, { image: { amplience_id: 7 }, title: 'x' })).toEqual([]);
  });
});
