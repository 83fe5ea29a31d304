import { describe, expect, it } from 'vitest';
import {
  CONTENT_TYPE_PREFIX,
  internalHref,
  newTabAttributes,
  prefixForContentType,
  resolveLink,
  withSelectedColor,
} from './links.ts';

const enUs = { language: 'en', country: 'us' };
const frCa = { language: 'fr', country: 'ca' };

describe('§2 content type to URL prefix', () => {
  it('maps athlete, blog, blog category, cart, landing page, product, product category, support', () => {
    expect(prefixForContentType('athlete')).toBe('/team');
    expect(prefixForContentType('blog')).toBe('/blog/p');
    expect(prefixForContentType('blog_category')).toBe('/blog');
    expect(prefixForContentType('cart')).toBe('/cart');
    expect(prefixForContentType('landing_page')).toBe('/l');
    expect(prefixForContentType('product')).toBe('/p');
    expect(prefixForContentType('product_category')).toBe('/c');
    expect(prefixForContentType('support')).toBe('/support');
  });

  it('gives team page, generic page, pro content and unknown types no prefix', () => {
    for (const type of ['team_page', 'generic_page', 'pro_content', 'unknown', null, undefined]) {
      expect(prefixForContentType(type)).toBe('');
    }
    expect(Object.keys(CONTENT_TYPE_PREFIX)).toHaveLength(11);
  });
});

describe('§2 Internal links: /{locale}{prefix}{href} with filter query', () => {
  it('joins locale, prefix and href', () => {
    expect(internalHref(enUs, '/trail-24', 'product')).toBe('/en-us/p/trail-24');
    expect(internalHref(frCa, 'snowshoes/men', 'product_category')).toBe('/fr-ca/c/snowshoes/men');
    expect(internalHref(frCa, '/about-us', 'generic_page')).toBe('/fr-ca/about-us');
  });

  it('does not prefix an href that already carries its prefix', () => {
    expect(internalHref(enUs, '/p/trail-24', 'product')).toBe('/en-us/p/trail-24');
    expect(internalHref(enUs, '/cart', 'cart')).toBe('/en-us/cart');
    expect(internalHref(enUs, '/people', 'product')).toBe('/en-us/p/people');
  });

  it('adds filters from id/value pairs, skipping incomplete pairs', () => {
    const filters = [
      { id: 'gender', value: 'women' },
      { id: 'terrain', value: 'back country' },
      { id: '', value: 'x' },
      { id: 'color', value: '' },
    ];
    expect(internalHref(enUs, '/snowshoes', 'product_category', filters)).toBe(
      '/en-us/c/snowshoes?gender=women&terrain=back+country',
    );
  });

  it('resolves an Internal link with its path and query', () => {
    const link = resolveLink(
      {
        type: 'Internal',
        href: '/snowshoes',
        contentType: 'product_category',
        filters: [{ id: 'a', value: '1' }],
      },
      enUs,
    );
    expect(link).toEqual({
      kind: 'internal',
      href: '/en-us/c/snowshoes?a=1',
      path: '/en-us/c/snowshoes',
      query: { a: '1' },
    });
  });

  it('treats a link without a kind as Internal', () => {
    expect(resolveLink({ href: '/team' }, enUs)?.href).toBe('/en-us/team');
  });
});

describe('§2 Nuxt links: path plus parsed query', () => {
  it('parses the query string', () => {
    const link = resolveLink({ type: 'Nuxt', href: '/en-us/c/snowshoes?gender=men&size=25' }, enUs);
    expect(link).toMatchObject({
      kind: 'nuxt',
      path: '/en-us/c/snowshoes',
      query: { gender: 'men', size: '25' },
    });
    expect(link?.href).toBe('/en-us/c/snowshoes?gender=men&size=25');
  });

  it('adds the current locale to a path without one', () => {
    expect(resolveLink({ type: 'Nuxt', href: 'support' }, frCa)).toMatchObject({
      path: '/fr-ca/support',
      query: {},
    });
    expect(resolveLink({ type: 'Nuxt', href: '?q=1' }, frCa)?.href).toBe('/fr-ca?q=1');
    expect(resolveLink({ type: 'Nuxt', href: '' }, frCa)?.href).toBe('/fr-ca');
  });
});

describe('§2 External links and new tabs', () => {
  it('keeps the href as it is', () => {
    expect(resolveLink({ type: 'External', href: 'https://trails.example/map' }, enUs)).toEqual({
      kind: 'external',
      href: 'https://trails.example/map',
    });
  });

  it('opens new_tab links with noopener noreferrer', () => {
    expect(newTabAttributes(true)).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(newTabAttributes(false)).toEqual({});
    expect(resolveLink({ type: 'External', href: 'https://a.example', newTab: true }, enUs)).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('rejects javascript-like protocols (§8)', () => {
    expect(() => resolveLink({ type: 'External', href: 'javascript:alert(1)' }, enUs)).toThrow(/protocol/);
    expect(() => resolveLink({ type: 'Internal', href: 'javascript:alert(1)' }, enUs)).toThrow(/protocol/);
  });

  it('refuses an absolute URL in an Internal link', () => {
    expect(() => resolveLink({ type: 'Internal', href: 'https://a.example' }, enUs)).toThrow(/external URL/);
  });
});

describe('§5 link validation', () => {
  it('renders nothing without a link object', () => {
    expect(resolveLink(null, enUs)).toBeNull();
    expect(resolveLink(undefined, enUs)).toBeNull();
  });

  it('renders nothing unless the locale has both country and language', () => {
    expect(resolveLink({ href: '/x' }, { language: 'en' })).toBeNull();
    expect(resolveLink({ href: '/x' }, { country: 'us' })).toBeNull();
    expect(resolveLink({ href: '/x' }, null)).toBeNull();
  });
});

describe('§2 selected colour on a product link', () => {
  it('adds a lower-cased color parameter', () => {
    expect(withSelectedColor('/en-us/p/trail-24', 'Glacier Blue')).toBe(
      '/en-us/p/trail-24?color=glacier+blue',
    );
  });

  it('replaces an earlier colour and keeps other parameters', () => {
    expect(withSelectedColor('/en-us/p/trail-24?size=25&color=red', 'BLACK')).toBe(
      '/en-us/p/trail-24?size=25&color=black',
    );
  });

  it('leaves the link alone without a colour', () => {
    expect(withSelectedColor('/en-us/p/trail-24', '')).toBe('/en-us/p/trail-24');
    expect(withSelectedColor('/en-us/p/trail-24', null)).toBe('/en-us/p/trail-24');
  });
});
