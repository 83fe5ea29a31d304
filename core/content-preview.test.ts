import { describe, expect, it } from 'vitest';
import { previewApplies, previewTarget, storefrontPathOf, urlLocaleOf } from './content-preview.ts';

describe('previewApplies (issue 40)', () => {
  it('previews storefront pages and their data', () => {
    expect(previewApplies('/en-us')).toBe(true);
    expect(previewApplies('/de-de/support.data')).toBe(true);
    expect(previewApplies('/administration-guide')).toBe(true);
  });

  it('never previews the back office', () => {
    for (const path of ['/admin', '/admin/', '/admin/content/top_alert', '/admin.data'])
      expect(previewApplies(path), path).toBe(false);
  });
});

describe('previewTarget', () => {
  it('keeps storefront pages under a locale, with their query', () => {
    expect(previewTarget('/en-us')).toBe('/en-us');
    expect(previewTarget('/de-de/support/waxing?x=1')).toBe('/de-de/support/waxing?x=1');
    expect(previewTarget('/en-global/')).toBe('/en-global/');
  });

  it.each([
    [undefined],
    [42],
    [''],
    ['/'],
    ['en-us'],
    ['//evil.example/en-us'],
    ['/\\evil.example'],
    ['https://evil.example/en-us'],
    ['/admin/content'],
    ['/cms/v3/content_types'],
    ['/preview/abc'],
    ['/en-us/a b'],
    ['/en-us/\u0007'],
    ['/en-us/é'],
    [`/en-us/${'a'.repeat(2000)}`],
  ])('refuses %j', (value) => {
    expect(previewTarget(value)).toBeNull();
  });
});

describe('storefrontPathOf', () => {
  const entry = (contentType: string, fields: Record<string, unknown> = {}, locale = 'en-us') => ({
    contentType,
    uid: 'the-uid',
    locale,
    fields,
  });

  it('opens each kind of entry where the store shows it, in its locale', () => {
    expect(storefrontPathOf(entry('page', { url: '/about' }, 'de'))).toBe('/de-de/about');
    expect(storefrontPathOf(entry('page', { url: '/' }))).toBe('/en-us');
    expect(storefrontPathOf(entry('page', { url: '//evil.example' }))).toBe('/en-us');
    expect(storefrontPathOf(entry('page'))).toBe('/en-us');
    expect(storefrontPathOf(entry('blog', {}, 'ja'))).toBe('/ja-jp/blog/p/the-uid');
    expect(storefrontPathOf(entry('blog_category'))).toBe('/en-us/blog/the-uid');
    expect(storefrontPathOf(entry('support', {}, 'fr'))).toBe('/fr-fr/support/the-uid');
    expect(storefrontPathOf(entry('support_category'))).toBe('/en-us/support');
    expect(storefrontPathOf(entry('team', {}, 'sv'))).toBe('/sv-se/team');
    expect(storefrontPathOf(entry('dealer', {}, 'no'))).toBe('/no-no/stores');
    expect(storefrontPathOf(entry('product', {}, 'it'))).toBe('/it-it/p/the-uid');
    expect(storefrontPathOf(entry('top_alert', {}, 'es'))).toBe('/es-es');
    expect(storefrontPathOf({ ...entry('blog'), uid: 'a/b' })).toBe('/en-us/blog/p/a%2Fb');
  });

  it('previews an unknown locale in English', () => {
    expect(urlLocaleOf('xx')).toBe('en-us');
  });
});
