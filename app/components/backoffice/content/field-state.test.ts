import { describe, expect, it } from 'vitest';
import type { ContentField } from '#core/content-schema.ts';
import { labelOfPath } from './field-labels.ts';
import { getAt, moveItem, setAt } from './field-state.ts';

describe('the editor form state', () => {
  it('reads and writes by path without changing the original', () => {
    const fields = { title: 'A', modules: [{ type: 'copy', body: 'x' }] };
    const next = setAt(fields, ['modules', 0, 'body'], 'y');
    expect(getAt(next, ['modules', 0, 'body'])).toBe('y');
    expect(fields.modules[0]?.body).toBe('x');
    expect(setAt(undefined, ['buttons', 1, 'text'], 'Go')).toEqual({ buttons: [undefined, { text: 'Go' }] });
    expect(getAt({ a: 'text' }, ['a', 'b'])).toBeUndefined();
    expect(setAt('anything', [], 'replaced')).toBe('replaced');
  });

  it('moves an item within its list, never past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 5)).toEqual(['a', 'c', 'b']);
  });
});

describe('labelOfPath', () => {
  const schema: ContentField[] = [
    { uid: 'title', display_name: 'Alert text', data_type: 'text' },
    {
      uid: 'landing_page',
      display_name: 'Landing page',
      data_type: 'group',
      schema: [
        {
          uid: 'modules',
          display_name: 'Modules',
          data_type: 'blocks',
          blocks: [
            {
              uid: 'copy',
              title: 'Text',
              schema: [{ uid: 'heading', display_name: 'Heading', data_type: 'text' }],
            },
          ],
        },
      ],
    },
  ];

  it('names a path as the editor reads it, numbering list items from 1', () => {
    expect(labelOfPath(schema, ['title'])).toBe('Alert text');
    expect(labelOfPath(schema, ['landing_page', 'modules', 2, 'heading'])).toBe(
      'Landing page › Modules 3 › Heading',
    );
    expect(labelOfPath(schema, ['unknown', 0])).toBe('unknown 1');
  });
});
