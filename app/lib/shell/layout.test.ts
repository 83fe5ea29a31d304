import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layoutOf } from './layout.ts';

const match = (handle: unknown) =>
  ({ id: 'x', pathname: '/', params: {}, data: null, loaderData: null, handle }) as UIMatch;

describe('layoutOf (§2 layouts from route metadata)', () => {
  it('uses the default layout unless a route names another', () => {
    expect(layoutOf([match(undefined), match({ name: 'home' })])).toBe('default');
    expect(layoutOf([match(undefined), match({ layout: 'flush-banner' })])).toBe('flush-banner');
  });

  it('lets the deepest route decide', () => {
    expect(layoutOf([match({ layout: 'flush-banner' }), match({ layout: 'default' })])).toBe('default');
  });
});
