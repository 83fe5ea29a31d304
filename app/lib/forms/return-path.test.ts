import { describe, expect, it } from 'vitest';
import { localeFreeReturnPath } from './return-path.ts';

describe('localeFreeReturnPath', () => {
  it.each([
    ['/en-us/c/snowshoes?sort=price', '/c/snowshoes?sort=price'],
    ['/fr-ca', '/'],
    ['/', '/'],
    ['/de-de/country', '/'],
    ['/p/trail-25', '/p/trail-25'],
  ])('keeps the page of %s as %s', (value, expected) => {
    expect(localeFreeReturnPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '',
    42,
    null,
    '/ x',
  ])('sends %s home', (value) => {
    expect(localeFreeReturnPath(value)).toBe('/');
  });
});

it('keeps a dot-segment trick on this site', () => {
  // `/.//evil.example` is `//evil.example` once parsed: it must stay a path of this site.
  expect(localeFreeReturnPath('/.//evil.example')).toBe('/evil.example');
});
