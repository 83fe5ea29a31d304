import { describe, expect, it } from 'vitest';
import { changedFields, describeValue } from './content-diff.ts';
import type { ContentField } from './content-schema.ts';

const SCHEMA: ContentField[] = [
  { uid: 'title', display_name: 'Title', data_type: 'text' },
  { uid: 'link', display_name: 'Link', data_type: 'link' },
  { uid: 'category', display_name: 'Category', data_type: 'reference', reference_to: ['support_category'] },
  { uid: 'dark', display_name: 'Dark', data_type: 'boolean' },
  { uid: 'order', display_name: 'Order', data_type: 'number' },
  { uid: 'seo', display_name: 'SEO', data_type: 'group', schema: [] },
  { uid: 'body', display_name: 'Body', data_type: 'text', field_metadata: { allow_rich_text: true } },
  {
    uid: 'regions',
    display_name: 'Regions',
    data_type: 'text',
    multiple: true,
    enum: { advanced: false, choices: [{ value: 'us' }, { value: 'ca' }] },
  },
];

describe('changedFields', () => {
  it('lists only the fields whose values differ, in the schema order, then other keys', () => {
    const before = { title: 'Old', order: 1, seo: { a: 1, b: 2 }, dark: false, legacy: 'x' };
    const after = { title: 'New', order: 1, seo: { b: 2, a: 1 }, dark: true, zeta: [1] };
    expect(changedFields(SCHEMA, before, after)).toEqual([
      { uid: 'title', label: 'Title', before: 'Old', after: 'New' },
      { uid: 'dark', label: 'Dark', before: 'No', after: 'Yes' },
      { uid: 'legacy', label: 'legacy', before: 'x', after: '(empty)' },
      { uid: 'zeta', label: 'zeta', before: '(empty)', after: '1' },
    ]);
  });

  it('compares a set of choices whatever its order, and rich text by its words', () => {
    expect(changedFields(SCHEMA, { regions: ['us', 'ca'] }, { regions: ['ca', 'us'] })).toEqual([]);
    expect(changedFields(SCHEMA, { regions: ['us'] }, { regions: ['ca', 'us'] })).toEqual([
      { uid: 'regions', label: 'Regions', before: 'us', after: 'ca, us' },
    ]);
    expect(changedFields(SCHEMA, { body: '<p>Old <b>text</b></p>' }, { body: '<p>New</p>' })).toEqual([
      { uid: 'body', label: 'Body', before: 'Old text', after: 'New' },
    ]);
  });

  it('sees an untouched button saved through the form as unchanged (issue 40)', () => {
    const seeded = {
      seo: [
        { text: 'Shop', external_link: '', internal: { href: '/x', note: null }, new_tab: false, tags: [] },
      ],
    };
    const saved = { seo: [{ text: 'Shop', internal: { href: '/x' } }] };
    expect(changedFields(SCHEMA, seeded, saved)).toEqual([]);
    expect(changedFields(SCHEMA, { dark: false, seo: {} }, {})).toEqual([]);
    expect(
      changedFields(SCHEMA, seeded, { seo: [{ text: 'Shop', internal: { href: '/x' }, new_tab: true }] }),
    ).toHaveLength(1);
  });

  it('finds nothing between equal versions', () => {
    expect(changedFields(SCHEMA, { title: 'Same' }, { title: 'Same' })).toEqual([]);
  });
});

describe('describeValue', () => {
  const field = (uid: string) => SCHEMA.find((candidate) => candidate.uid === uid);

  it('reads each kind as an editor would', () => {
    expect(describeValue(field('title'), '')).toBe('(empty)');
    expect(describeValue(field('title'), null)).toBe('(empty)');
    expect(describeValue(field('order'), 4.5)).toBe('4.5');
    expect(describeValue(field('link'), { title: 'Shipping', href: '/shipping' })).toBe(
      'Shipping (/shipping)',
    );
    expect(describeValue(field('link'), {})).toBe(' ()');
    expect(describeValue(field('category'), [{ uid: 'a' }, { uid: 'b' }, null])).toBe('a, b, ');
    expect(describeValue(field('category'), [])).toBe('(empty)');
    expect(describeValue(undefined, [])).toBe('(empty)');
    expect(describeValue(field('seo'), { a: 1 })).toBe('{"a":1}');
  });

  it('clips long values', () => {
    const long = describeValue(field('title'), 'x'.repeat(2000));
    expect(long).toHaveLength(600);
    expect(long.endsWith('…')).toBe(true);
  });
});
