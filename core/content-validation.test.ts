import { describe, expect, it } from 'vitest';
import { type ContentField, type ContentTypeSchema, MAX_TEXT_LENGTH } from './content-schema.ts';
import {
  DEFAULT_MAX_INSTANCES,
  isEmptyValue,
  isIsoDate,
  isSafeHref,
  MAX_PROBLEMS,
  matchesFormat,
  validateEntry,
} from './content-validation.ts';

const type = (schema: ContentField[]): ContentTypeSchema => ({
  uid: 'thing',
  title: 'Thing',
  description: '',
  options: { singleton: false, title: 'title' },
  schema: [
    { uid: 'title', display_name: 'Title', data_type: 'text', mandatory: true, max_length: 20 },
    ...schema,
  ],
});

const problemsOf = (schema: ContentField[], fields: unknown) => {
  const result = validateEntry(type(schema), fields);
  return result.ok ? [] : result.problems;
};
const fieldsOf = (schema: ContentField[], fields: Record<string, unknown>) => {
  const result = validateEntry(type(schema), fields);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.fields;
};

describe('validateEntry: presence and unknown fields', () => {
  it('requires the title, and says so on the field', () => {
    expect(problemsOf([], {})).toEqual([{ path: ['title'], message: 'Title is required.' }]);
    expect(problemsOf([], { title: '   ' })).toEqual([{ path: ['title'], message: 'Title is required.' }]);
    expect(problemsOf([], { title: null })).toEqual([{ path: ['title'], message: 'Title is required.' }]);
  });

  it('refuses an entry that is not a group of fields', () => {
    expect(problemsOf([], ['x'])).toEqual([
      { path: [], message: 'An entry of Thing must be a group of fields.' },
    ]);
    expect(problemsOf([], null)).toHaveLength(1);
  });

  it('refuses unknown fields, but drops the system keys the hosted service sends back', () => {
    expect(problemsOf([], { title: 'A', colour: 'red' })).toEqual([
      { path: ['colour'], message: "'colour' is not a field of Thing." },
    ]);
    expect(
      fieldsOf([], {
        title: 'A',
        uid: 'a',
        locale: 'en-us',
        _version: 3,
        publish_details: [],
        ACL: {},
        tags: [],
      }),
    ).toEqual({ title: 'A' });
    // `__proto__` given as an own key (JSON.parse makes one) is an unknown field, never a prototype.
    expect(problemsOf([], JSON.parse('{"title":"A","__proto__":{"x":1}}'))).toEqual([
      { path: ['__proto__'], message: "'__proto__' is not a field of Thing." },
    ]);
  });

  it('validates a field that shares a system key’s name (a blog’s tags) instead of dropping it', () => {
    const schema: ContentField[] = [{ uid: 'tags', display_name: 'Tags', data_type: 'text', multiple: true }];
    expect(fieldsOf(schema, { title: 'A', tags: ['gear'] })).toEqual({ title: 'A', tags: ['gear'] });
    expect(problemsOf(schema, { title: 'A', tags: 'gear' })).toEqual([
      { path: ['tags'], message: 'Tags must be a list.' },
    ]);
  });

  it('keeps empty optional values as given and leaves out absent ones', () => {
    const schema: ContentField[] = [
      { uid: 'note', display_name: 'Note', data_type: 'text' },
      { uid: 'parent', display_name: 'Parent', data_type: 'text' },
      { uid: 'tags', display_name: 'Tags', data_type: 'text', multiple: true },
    ];
    expect(fieldsOf(schema, { title: 'A', note: '', parent: null, tags: [] })).toEqual({
      title: 'A',
      note: '',
      parent: null,
      tags: [],
    });
    expect(fieldsOf(schema, { title: 'A' })).toEqual({ title: 'A' });
  });

  it('reports every problem, at most MAX_PROBLEMS of them', () => {
    const schema: ContentField[] = [{ uid: 'n', display_name: 'N', data_type: 'number', multiple: true }];
    const many = Array.from({ length: 150 }, () => 'x');
    expect(problemsOf(schema, { title: 'A', n: many })).toHaveLength(MAX_PROBLEMS);
  });
});

describe('validateEntry: text', () => {
  const schema: ContentField[] = [
    { uid: 'body', display_name: 'Body', data_type: 'text', field_metadata: { multiline: true } },
    {
      uid: 'colour',
      display_name: 'Colour',
      data_type: 'text',
      format: '^#[0-9a-f]{6}$',
      error_messages: { format: 'Enter a colour as # and six hex digits.' },
    },
    { uid: 'code', display_name: 'Code', data_type: 'text', format: '^[A-Z]+$' },
    {
      uid: 'layout',
      display_name: 'Layout',
      data_type: 'text',
      enum: { advanced: false, choices: [{ value: 'left' }, { value: 'right' }] },
    },
  ];

  it('refuses what is not text', () => {
    expect(problemsOf(schema, { title: 'A', body: 5 })).toEqual([
      { path: ['body'], message: 'Body must be text.' },
    ]);
  });

  it('refuses a text over its max_length, with the counts', () => {
    expect(problemsOf(schema, { title: 'x'.repeat(21) })).toEqual([
      { path: ['title'], message: 'Title is too long: at most 20 characters (it has 21).' },
    ]);
  });

  it('refuses a 20 MB text with one length check, whatever the field', () => {
    const huge = 'a'.repeat(20 * 1024 * 1024);
    const started = performance.now();
    expect(problemsOf(schema, { title: 'A', body: huge })).toEqual([
      { path: ['body'], message: 'Body is too long: at most 100,000 characters.' },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(problemsOf(schema, { title: 'A', body: 'a'.repeat(MAX_TEXT_LENGTH) })).toEqual([]);
  });

  it('checks formats with the schema’s message, or a general one', () => {
    expect(problemsOf(schema, { title: 'A', colour: 'red' })).toEqual([
      { path: ['colour'], message: 'Enter a colour as # and six hex digits.' },
    ]);
    expect(problemsOf(schema, { title: 'A', code: 'abc' })).toEqual([
      { path: ['code'], message: 'Code is not in the expected format.' },
    ]);
    expect(fieldsOf(schema, { title: 'A', colour: '#14202b', code: 'ABC' })).toMatchObject({
      colour: '#14202b',
    });
  });

  it('checks a select’s choices', () => {
    expect(problemsOf(schema, { title: 'A', layout: 'middle' })).toEqual([
      { path: ['layout'], message: 'Layout must be one of: left, right.' },
    ]);
    expect(fieldsOf(schema, { title: 'A', layout: 'left' })).toEqual({ title: 'A', layout: 'left' });
  });

  it('stores rich text as the sanitiser leaves it: no scripts, event handlers or javascript: links', () => {
    const rich: ContentField[] = [
      { uid: 'html', display_name: 'Text', data_type: 'text', field_metadata: { allow_rich_text: true } },
    ];
    const hostile =
      '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(2)">x</a>' +
      '<img src="x" onerror="alert(3)"><a href="/stores" target="_blank">ok</a></p><iframe src="https://evil"></iframe>';
    const stored = fieldsOf(rich, { title: 'A', html: hostile }).html as string;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(stored).toContain('<a href="/stores" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(stored.startsWith('<p>Hi ')).toBe(true);
  });
});

describe('validateEntry: numbers, booleans, dates', () => {
  const schema: ContentField[] = [
    { uid: 'lat', display_name: 'Latitude', data_type: 'number', min: -90, max: 90 },
    { uid: 'free', display_name: 'Free', data_type: 'number' },
    { uid: 'on', display_name: 'Shown', data_type: 'boolean' },
    { uid: 'date', display_name: 'Date', data_type: 'isodate' },
  ];

  it('takes numbers, and numbers typed as text, within min and max', () => {
    expect(fieldsOf(schema, { title: 'A', lat: '45.5', free: -3 })).toEqual({
      title: 'A',
      lat: 45.5,
      free: -3,
    });
    expect(problemsOf(schema, { title: 'A', lat: 91 })).toEqual([
      { path: ['lat'], message: 'Latitude must be at most 90.' },
    ]);
    expect(problemsOf(schema, { title: 'A', lat: -91 })).toEqual([
      { path: ['lat'], message: 'Latitude must be at least -90.' },
    ]);
    for (const bad of ['12abc', Number.NaN, Number.POSITIVE_INFINITY, true, '1e3'])
      expect(problemsOf(schema, { title: 'A', free: bad })).toEqual([
        { path: ['free'], message: 'Free must be a number.' },
      ]);
  });

  it('takes booleans and their text forms only', () => {
    expect(fieldsOf(schema, { title: 'A', on: 'true' })).toEqual({ title: 'A', on: true });
    expect(fieldsOf(schema, { title: 'A', on: 'false' })).toEqual({ title: 'A', on: false });
    expect(fieldsOf(schema, { title: 'A', on: false })).toEqual({ title: 'A', on: false });
    expect(problemsOf(schema, { title: 'A', on: 'yes' })).toEqual([
      { path: ['on'], message: 'Shown must be yes or no.' },
    ]);
  });

  it('takes real ISO dates and date-times only', () => {
    expect(fieldsOf(schema, { title: 'A', date: '2026-02-11' })).toMatchObject({ date: '2026-02-11' });
    for (const good of [
      '2024-02-29',
      '2026-02-11T09:30',
      '2026-02-11T09:30:15.123Z',
      '2026-02-11T09:30:00+01:00',
    ])
      expect(isIsoDate(good), good).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '11/02/2026',
      'soon',
    ])
      expect(isIsoDate(bad), bad).toBe(false);
    expect(problemsOf(schema, { title: 'A', date: 20260211 })).toEqual([
      { path: ['date'], message: 'Date must be a date (YYYY-MM-DD).' },
    ]);
  });
});

describe('validateEntry: links and files', () => {
  const schema: ContentField[] = [
    { uid: 'link', display_name: 'Link', data_type: 'link' },
    { uid: 'image', display_name: 'Image', data_type: 'file', field_metadata: { image: true } },
  ];

  it('takes a site path or an http(s) address', () => {
    expect(fieldsOf(schema, { title: 'A', link: { title: 'Stores', href: ' /stores ' } })).toEqual({
      title: 'A',
      link: { title: 'Stores', href: '/stores' },
    });
    expect(fieldsOf(schema, { title: 'A', link: { href: 'https://example.com/x' } })).toMatchObject({
      link: { title: '', href: 'https://example.com/x' },
    });
  });

  it('refuses javascript:, data:, protocol-relative and backslash links', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil',
      'ftp://x',
      'stores',
    ])
      expect(problemsOf(schema, { title: 'A', link: { title: 'x', href } }), href).toEqual([
        { path: ['link'], message: 'Link: a link must be a site path (/stores) or an https address.' },
      ]);
  });

  it('refuses a link that is not a title and an address, or too long', () => {
    for (const link of ['https://x.example', { title: 3, href: '/x' }])
      expect(problemsOf(schema, { title: 'A', link })).toEqual([
        { path: ['link'], message: 'Link must be a link with a title and an address.' },
      ]);
    expect(
      problemsOf(schema, { title: 'A', link: { title: 'x', href: `/${'a'.repeat(MAX_TEXT_LENGTH)}` } }),
    ).toEqual([{ path: ['link'], message: 'Link is too long.' }]);
  });

  it('stores a file as its asset uid, also when given the asset object', () => {
    expect(fieldsOf(schema, { title: 'A', image: 'blt0123abc' })).toMatchObject({ image: 'blt0123abc' });
    expect(fieldsOf(schema, { title: 'A', image: { uid: 'asset-banner', url: '/media/x' } })).toMatchObject({
      image: 'asset-banner',
    });
    expect(problemsOf(schema, { title: 'A', image: '../../etc/passwd' })).toEqual([
      { path: ['image'], message: 'Image: pick a file from the asset library.' },
    ]);
  });
});

describe('validateEntry: references', () => {
  const schema: ContentField[] = [
    { uid: 'author', display_name: 'Author', data_type: 'reference', reference_to: ['team'] },
    {
      uid: 'related',
      display_name: 'Related',
      data_type: 'reference',
      reference_to: ['product', 'page'],
      field_metadata: { ref_multiple: true },
      max_instance: 2,
    },
  ];

  it('keeps only uid and content type, filling the type when only one is allowed', () => {
    expect(
      fieldsOf(schema, {
        title: 'A',
        author: [{ uid: 'sam-okafor', title: 'Sam', url: '/sam' }],
        related: [{ uid: 'p1', _content_type_uid: 'product' }],
      }),
    ).toEqual({
      title: 'A',
      author: [{ uid: 'sam-okafor', _content_type_uid: 'team' }],
      related: [{ uid: 'p1', _content_type_uid: 'product' }],
    });
  });

  it('refuses other types, missing uids, too many entries and non-lists', () => {
    expect(problemsOf(schema, { title: 'A', related: [{ uid: 'x', _content_type_uid: 'banner' }] })).toEqual([
      { path: ['related', 0], message: 'Related can only reference product or page entries.' },
    ]);
    expect(problemsOf(schema, { title: 'A', related: [{ uid: 'x' }] })).toEqual([
      { path: ['related', 0], message: 'Related can only reference product or page entries.' },
    ]);
    expect(problemsOf(schema, { title: 'A', author: ['sam'] })).toEqual([
      { path: ['author', 0], message: "Author: pick an entry (a reference needs the entry's uid)." },
    ]);
    expect(problemsOf(schema, { title: 'A', author: [{ uid: 'a' }, { uid: 'b' }] })).toEqual([
      { path: ['author'], message: 'Author takes one entry.' },
    ]);
    expect(
      problemsOf(schema, {
        title: 'A',
        related: [{ uid: 'a' }, { uid: 'b' }, { uid: 'c' }].map((r) => ({ ...r, _content_type_uid: 'page' })),
      }),
    ).toEqual([{ path: ['related'], message: 'Related takes at most 2 entries.' }]);
    expect(problemsOf(schema, { title: 'A', author: { uid: 'a' } })).toEqual([
      { path: ['author'], message: 'Author must be a list of entries.' },
    ]);
  });

  it('takes up to DEFAULT_MAX_INSTANCES entries when the schema sets no maximum', () => {
    const open: ContentField[] = [
      {
        uid: 'refs',
        display_name: 'Refs',
        data_type: 'reference',
        reference_to: ['page'],
        field_metadata: { ref_multiple: true },
      },
    ];
    const refs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ uid: `p${i}`, _content_type_uid: 'page' }));
    expect(problemsOf(open, { title: 'A', refs: refs(DEFAULT_MAX_INSTANCES) })).toEqual([]);
    expect(problemsOf(open, { title: 'A', refs: refs(DEFAULT_MAX_INSTANCES + 1) })).toHaveLength(1);
  });
});

describe('validateEntry: groups, repeatable fields and blocks', () => {
  const hours: ContentField = {
    uid: 'hours',
    display_name: 'Opening hours',
    data_type: 'group',
    multiple: true,
    max_instance: 2,
    schema: [
      { uid: 'days', display_name: 'Days', data_type: 'text', mandatory: true },
      { uid: 'opens', display_name: 'Opens', data_type: 'text', format: '^[0-2][0-9]:[0-5][0-9]$' },
    ],
  };
  const address: ContentField = {
    uid: 'address',
    display_name: 'Address',
    data_type: 'group',
    mandatory: true,
    schema: [{ uid: 'city', display_name: 'City', data_type: 'text', mandatory: true }],
  };

  it('checks groups recursively, with paths into them', () => {
    expect(problemsOf([address, hours], { title: 'A' })).toEqual([
      { path: ['address'], message: 'Address is required.' },
    ]);
    expect(
      problemsOf([address, hours], {
        title: 'A',
        address: { city: '', zip: 1 },
        hours: [{ days: 'Mon', opens: '9am' }, { opens: '09:00' }],
      }),
    ).toEqual([
      { path: ['address', 'zip'], message: "'zip' is not a field of Address." },
      { path: ['address', 'city'], message: 'City is required.' },
      { path: ['hours', 0, 'opens'], message: 'Opens is not in the expected format.' },
      { path: ['hours', 1, 'days'], message: 'Days is required.' },
    ]);
  });

  it('takes an optional group left blank as no value, and checks it once something is filled in', () => {
    const link: ContentField = {
      uid: 'link',
      display_name: 'Link',
      data_type: 'group',
      schema: [
        { uid: 'title', display_name: 'Link text', data_type: 'text', mandatory: true },
        { uid: 'href', display_name: 'Address', data_type: 'text', mandatory: true },
        { uid: 'new_tab', display_name: 'New tab', data_type: 'boolean' },
        {
          uid: 'extra',
          display_name: 'Extra',
          data_type: 'group',
          schema: [{ uid: 'a', display_name: 'A', data_type: 'text' }],
        },
      ],
    };
    expect(
      fieldsOf([link], { title: 'A', link: { title: '', href: ' ', new_tab: false, extra: { a: '' } } }),
    ).toEqual({
      title: 'A',
      link: { title: '', href: ' ', new_tab: false, extra: { a: '' } },
    });
    expect(problemsOf([link], { title: 'A', link: { title: 'Stores', href: '', new_tab: false } })).toEqual([
      { path: ['link', 'href'], message: 'Address is required.' },
    ]);
    expect(problemsOf([link], { title: 'A', link: { title: '', href: '', new_tab: true } })).toHaveLength(2);
    expect(problemsOf([link], { title: 'A', link: { title: '', href: '', extra: { a: 'x' } } })).toHaveLength(
      2,
    );
  });

  it('drops the hosted service’s _metadata inside groups', () => {
    expect(
      fieldsOf([address], { title: 'A', address: { city: 'Aosta', _metadata: { uid: 'cs1' } } }),
    ).toEqual({
      title: 'A',
      address: { city: 'Aosta' },
    });
  });

  it('refuses a group that is not one, a repeatable that is not a list, too many or empty items', () => {
    expect(problemsOf([address], { title: 'A', address: 'Aosta' })).toEqual([
      { path: ['address'], message: 'Address must be a group of fields.' },
    ]);
    expect(problemsOf([hours], { title: 'A', hours: { days: 'Mon' } })).toEqual([
      { path: ['hours'], message: 'Opening hours must be a list.' },
    ]);
    expect(problemsOf([hours], { title: 'A', hours: [{ days: 'a' }, { days: 'b' }, { days: 'c' }] })).toEqual(
      [{ path: ['hours'], message: 'Opening hours holds at most 2 items.' }],
    );
    expect(problemsOf([hours], { title: 'A', hours: [{ days: 'a' }, null] })).toEqual([
      { path: ['hours', 1], message: 'Opening hours: item 2 is empty; fill it in or remove it.' },
    ]);
  });

  const modules: ContentField = {
    uid: 'modules',
    display_name: 'Modules',
    data_type: 'blocks',
    max_instance: 3,
    blocks: [
      {
        uid: 'copy',
        title: 'Text',
        schema: [
          {
            uid: 'body',
            display_name: 'Text',
            data_type: 'text',
            mandatory: true,
            field_metadata: { allow_rich_text: true },
          },
        ],
      },
      {
        uid: 'banner',
        title: 'Banner',
        schema: [{ uid: 'banner', display_name: 'Banner', data_type: 'reference', reference_to: ['banner'] }],
      },
    ],
  };

  it('stores blocks in the storefront’s shape, from either shape', () => {
    expect(
      fieldsOf([modules], {
        title: 'A',
        modules: [
          { type: 'copy', body: '<p>Hi<script>x</script></p>' },
          { banner: { banner: [{ uid: 'b1' }] }, _metadata: { uid: 'cs1' } },
        ],
      }),
    ).toEqual({
      title: 'A',
      modules: [
        { type: 'copy', body: '<p>Hi</p>' },
        { type: 'banner', banner: [{ uid: 'b1', _content_type_uid: 'banner' }] },
      ],
    });
  });

  it('refuses unknown blocks, block problems at their path, non-lists and too many blocks', () => {
    expect(
      problemsOf([modules], {
        title: 'A',
        modules: [{ type: 'video' }, { copy: {} }, 'x', { a: {}, b: {} }],
      }),
    ).toEqual([{ path: ['modules'], message: 'Modules holds at most 3 blocks.' }]);
    expect(problemsOf([modules], { title: 'A', modules: [{ type: 'video' }, { copy: {} }, 'x'] })).toEqual([
      { path: ['modules', 0], message: 'Modules: a block must be one of: copy, banner.' },
      { path: ['modules', 1, 'body'], message: 'Text is required.' },
      { path: ['modules', 2], message: 'Modules: each block must be a group of fields.' },
    ]);
    expect(problemsOf([modules], { title: 'A', modules: [{ copy: 'x' }] })).toEqual([
      { path: ['modules', 0], message: 'Modules: a block must be one of: copy, banner.' },
    ]);
    expect(problemsOf([modules], { title: 'A', modules: [{ type: 'copy', body: 'x', extra: 1 }] })).toEqual([
      { path: ['modules', 0, 'extra'], message: "'extra' is not a field of Text." },
    ]);
    expect(problemsOf([modules], { title: 'A', modules: { type: 'copy' } })).toEqual([
      { path: ['modules'], message: 'Modules must be a list of blocks.' },
    ]);
  });

  it('takes DEFAULT_MAX_INSTANCES blocks when the schema sets no maximum', () => {
    const open = { ...modules, max_instance: undefined };
    const many = (n: number) => Array.from({ length: n }, () => ({ type: 'copy', body: 'x' }));
    expect(problemsOf([open], { title: 'A', modules: many(DEFAULT_MAX_INSTANCES) })).toEqual([]);
    expect(problemsOf([open], { title: 'A', modules: many(DEFAULT_MAX_INSTANCES + 1) })).toHaveLength(1);
  });
});

describe('validateEntry: json', () => {
  const schema: ContentField[] = [{ uid: 'data', display_name: 'Data', data_type: 'json' }];

  it('keeps JSON as given, within the size bound', () => {
    expect(fieldsOf(schema, { title: 'A', data: { a: [1, 2] } })).toEqual({
      title: 'A',
      data: { a: [1, 2] },
    });
    expect(problemsOf(schema, { title: 'A', data: { a: 'x'.repeat(MAX_TEXT_LENGTH) } })).toEqual([
      { path: ['data'], message: 'Data is too large: at most 100,000 characters of JSON.' },
    ]);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(problemsOf(schema, { title: 'A', data: loop })).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('isEmptyValue: nothing, blank text, an empty list', () => {
    for (const empty of [undefined, null, '', '  ', []]) expect(isEmptyValue(empty)).toBe(true);
    for (const value of [0, false, 'x', [0], {}]) expect(isEmptyValue(value)).toBe(false);
  });

  it('matchesFormat runs RE2; a pattern RE2 refuses or an overlong one matches nothing', () => {
    expect(matchesFormat('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '^(a+)+$')).toBe(false);
    expect(matchesFormat('abab', '^(ab)\\1$')).toBe(false);
    expect(matchesFormat('a', `^a${'?'.repeat(0)}${'|a'.repeat(300)}$`)).toBe(false);
  });

  it('isSafeHref', () => {
    expect(isSafeHref('/')).toBe(true);
    expect(isSafeHref('http://x.example')).toBe(true);
    expect(isSafeHref('https:///x')).toBe(false);
    expect(isSafeHref('/a b')).toBe(false);
  });
});
