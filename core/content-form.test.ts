import { describe, expect, it } from 'vitest';
import { decodeEntryForm, fieldId, fieldName, problemsByPath } from './content-form.ts';
import type { ContentField } from './content-schema.ts';

const SCHEMA: ContentField[] = [
  { uid: 'title', display_name: 'Title', data_type: 'text', mandatory: true },
  { uid: 'body', display_name: 'Body', data_type: 'text', field_metadata: { allow_rich_text: true } },
  { uid: 'order', display_name: 'Order', data_type: 'number' },
  { uid: 'dark', display_name: 'Dark', data_type: 'boolean' },
  { uid: 'starts', display_name: 'Starts', data_type: 'isodate' },
  { uid: 'link', display_name: 'Link', data_type: 'link' },
  { uid: 'image', display_name: 'Image', data_type: 'file' },
  { uid: 'category', display_name: 'Category', data_type: 'reference', reference_to: ['support_category'] },
  { uid: 'regions', display_name: 'Regions', data_type: 'text', multiple: true },
  { uid: 'extra', display_name: 'Extra', data_type: 'json' },
  {
    uid: 'seo',
    display_name: 'SEO',
    data_type: 'group',
    schema: [
      { uid: 'title', display_name: 'SEO title', data_type: 'text' },
      { uid: 'noindex', display_name: 'Hide from search engines', data_type: 'boolean' },
    ],
  },
  {
    uid: 'buttons',
    display_name: 'Buttons',
    data_type: 'group',
    multiple: true,
    schema: [
      { uid: 'text', display_name: 'Text', data_type: 'text' },
      { uid: 'new_tab', display_name: 'New tab', data_type: 'boolean' },
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
          { uid: 'title', display_name: 'Banner title', data_type: 'text' },
          { uid: 'banner', display_name: 'Banner', data_type: 'reference', reference_to: ['banner'] },
        ],
      },
      { uid: 'copy', title: 'Copy', schema: [{ uid: 'text', display_name: 'Copy', data_type: 'text' }] },
    ],
  },
];

const decode = (pairs: Array<[string, unknown]>) => decodeEntryForm(SCHEMA, pairs);

describe('field names', () => {
  it('names an input by its path and gives it a safe id', () => {
    expect(fieldName(['modules', 2, 'banner', 'title'])).toBe('fields.modules.2.banner.title');
    expect(fieldId(['modules', 2, 'banner', 'title'])).toBe('field-modules-2-banner-title');
    expect(fieldId(['a b', 'c"d'])).toBe('field-a_b-c_d');
  });

  it('keeps the first message of each path', () => {
    expect(
      problemsByPath([
        { path: ['title'], message: 'Title is required.' },
        { path: ['title'], message: 'second' },
        { path: ['modules', 0, 'banner', 'title'], message: 'Too long.' },
      ]),
    ).toEqual({ title: 'Title is required.', 'modules.0.banner.title': 'Too long.' });
  });
});

describe('decodeEntryForm', () => {
  it('reads every kind of field back into the fields object', () => {
    const { fields, problems } = decode([
      ['csrf', 'token'],
      ['intent', 'save'],
      ['fields.title', 'Icy decking'],
      ['fields.body', '<p>Line one\r\nline two</p>'],
      ['fields.order', ' 9 '],
      ['fields.dark', 'on'],
      ['fields.starts', '2026-12-01 '],
      ['fields.link.title', 'Shipping'],
      ['fields.link.href', ' /shipping-returns '],
      ['fields.image', 'asset-banner-kids'],
      ['fields.category.0.uid', 'care-repair'],
      ['fields.category.0._content_type_uid', 'support_category'],
      ['fields.regions', 'us'],
      ['fields.regions', 'ca'],
      ['fields.extra', '{"a": [1, 2]}'],
      ['fields.seo.title', 'Decking'],
      ['fields.buttons.0._', '1'],
      ['fields.buttons.0.text', 'Shop'],
      ['fields.buttons.1._', '1'],
      ['fields.buttons.1.new_tab', 'false'],
      ['fields.buttons.1.new_tab', 'on'],
      ['fields.modules.0.type', 'copy'],
      ['fields.modules.0.text', 'Hello'],
      ['fields.modules.1.type', 'banner'],
      ['fields.modules.1.title', 'Hero'],
      ['fields.modules.1.banner.0.uid', 'banner-home-hero'],
      ['fields.modules.1.banner.0._content_type_uid', 'banner'],
      ['fields.unknown', 'dropped'],
      ['notfields.title', 'ignored'],
      ['fields', 'ignored'],
      ['fields.title.extra', 'a child of a text is ignored'],
    ]);
    expect(problems).toEqual([]);
    expect(fields).toEqual({
      title: 'Icy decking',
      body: '<p>Line one\nline two</p>',
      order: 9,
      dark: true,
      starts: '2026-12-01',
      link: { title: 'Shipping', href: '/shipping-returns' },
      image: 'asset-banner-kids',
      category: [{ uid: 'care-repair', _content_type_uid: 'support_category' }],
      regions: ['us', 'ca'],
      extra: { a: [1, 2] },
      seo: { title: 'Decking', noindex: false },
      buttons: [{ text: 'Shop', new_tab: false }, { new_tab: true }],
      modules: [
        { type: 'copy', text: 'Hello' },
        { type: 'banner', title: 'Hero', banner: [{ uid: 'banner-home-hero', _content_type_uid: 'banner' }] },
      ],
    });
  });

  it('leaves empty values out, keeps an empty list of references, and ticks nothing by default', () => {
    const { fields, problems } = decode([
      ['fields.title', ''],
      ['fields.order', '  '],
      ['fields.starts', ''],
      ['fields.link.title', ''],
      ['fields.link.href', ''],
      ['fields.image', ''],
      ['fields.extra', ''],
      ['fields.regions', ''],
      ['fields.category.0.uid', ''],
    ]);
    expect(problems).toEqual([]);
    expect(fields).toEqual({
      dark: false,
      category: [],
      regions: [],
      seo: { noindex: false },
      buttons: [],
      modules: [],
    });
  });

  it('closes the gaps of removed items, in index order, and drops blocks of unknown kinds', () => {
    const { fields } = decode([
      ['fields.buttons.7.text', 'Last'],
      ['fields.buttons.2.text', 'First'],
      ['fields.buttons.x.text', 'not an index'],
      ['fields.regions.1', 'eu'],
      ['fields.regions.0', 'us'],
      ['fields.modules.0.type', 'video'],
      ['fields.modules.0.url', 'a kind the type does not have'],
      ['fields.modules.1.text', 'no kind at all'],
      ['fields.modules.3.type', 'copy'],
      ['fields.modules.3.text', 'Kept'],
    ]);
    expect(fields.buttons).toEqual([
      { text: 'First', new_tab: false },
      { text: 'Last', new_tab: false },
    ]);
    expect(fields.regions).toEqual(['us', 'eu']);
    expect(fields.modules).toEqual([{ type: 'copy', text: 'Kept' }]);
  });

  it('reports a number or JSON it cannot read on its path, with an actionable message', () => {
    const { fields, problems } = decode([
      ['fields.order', 'nine'],
      ['fields.extra', '{"a": '],
      ['fields.title', 'Kept'],
    ]);
    expect(fields.order).toBeUndefined();
    expect(fields.extra).toBeUndefined();
    expect(fields.title).toBe('Kept');
    expect(problems).toEqual([
      { path: ['order'], message: 'Order must be a number, like 12 or 4.5.' },
      { path: ['extra'], message: 'Extra is not valid JSON: check the brackets, quotes and commas.' },
    ]);
  });

  it('reports problems inside lists and blocks on their full path', () => {
    const schema: ContentField[] = [
      { uid: 'sizes', display_name: 'Sizes', data_type: 'number', multiple: true },
      {
        uid: 'modules',
        display_name: 'Modules',
        data_type: 'blocks',
        blocks: [
          {
            uid: 'stat',
            title: 'Stat',
            schema: [{ uid: 'value', display_name: 'Value', data_type: 'number' }],
          },
        ],
      },
    ];
    const { fields, problems } = decodeEntryForm(schema, [
      ['fields.sizes', '21'],
      ['fields.sizes', 'big'],
      ['fields.modules.0.type', 'stat'],
      ['fields.modules.0.value', '1e999'],
    ]);
    expect(fields).toEqual({ sizes: [21], modules: [{ type: 'stat' }] });
    expect(problems.map((problem) => problem.path)).toEqual([
      ['sizes', 1],
      ['modules', 0, 'value'],
    ]);
  });

  it('ignores uploaded files and other non-text values', () => {
    const file = new Blob(['x']);
    expect(decode([['fields.title', file]]).fields.title).toBeUndefined();
  });
});
