import { describe, expect, it } from 'vitest';
import {
  addressFromName,
  categoryLabels,
  descriptionHtml,
  descriptionText,
  isProductTextLocale,
  PRODUCT_TEXT_LOCALE_NAMES,
  PRODUCT_TEXT_LOCALES,
  type ProductText,
  productTextOf,
  productTextProblems,
  withProductText,
} from './product-text.ts';

const text = (overrides: Partial<ProductText> = {}): ProductText => ({
  name: 'Alpine Trek',
  tagline: 'For long days',
  description: 'A frame.',
  seoTitle: '',
  seoDescription: '',
  colours: {},
  ...overrides,
});

describe('product text per content locale', () => {
  it('names the eight content locales, English first', () => {
    expect(PRODUCT_TEXT_LOCALES).toHaveLength(8);
    expect(PRODUCT_TEXT_LOCALES[0]).toBe('en-us');
    expect(PRODUCT_TEXT_LOCALES.map((locale) => PRODUCT_TEXT_LOCALE_NAMES[locale])).toContain('German');
    expect(isProductTextLocale('de')).toBe(true);
    expect(isProductTextLocale('de-de')).toBe(false);
  });

  it('turns paragraphs into HTML and back, entities and breaks included', () => {
    const html = descriptionHtml('Light & <strong>.\n\n  Made in "Vermont".\n \n');
    expect(html).toBe('<p>Light &amp; &lt;strong&gt;.</p><p>Made in &quot;Vermont&quot;.</p>');
    expect(descriptionText(html)).toBe('Light & <strong>.\n\nMade in "Vermont".');
    expect(descriptionText('<p lang="en">One<br/>Two&#39;s&nbsp;</p><p></p>')).toBe("One\n\nTwo's");
  });

  it('reads an entry’s fields, with the display title first and colours by slug', () => {
    expect(
      productTextOf({
        title: 'T',
        display_title: 'Display',
        tagline: 'Tag',
        description: '<p>D</p>',
        seo_meta: { seo_title: 'S', seo_description: 'SD' },
        colours: [{ slug: 'black', label: 'Schwarz' }, { slug: 'x' }, 'junk'],
      }),
    ).toEqual({
      name: 'Display',
      tagline: 'Tag',
      description: 'D',
      seoTitle: 'S',
      seoDescription: 'SD',
      colours: { black: 'Schwarz' },
    });
    expect(productTextOf({ title: 'T', seo_meta: [], colours: null })).toEqual(
      text({ name: 'T', tagline: '', description: '' }),
    );
  });

  it('refuses an empty English name and over-long fields, by field', () => {
    expect(productTextProblems('en-us', text())).toEqual({});
    expect(productTextProblems('de', text({ name: '' }))).toEqual({});
    expect(Object.keys(productTextProblems('en-us', text({ name: ' ' })))).toEqual(['name']);
    const long = (n: number) => 'x'.repeat(n + 1);
    expect(
      Object.keys(
        productTextProblems(
          'fr',
          text({
            name: long(120),
            tagline: long(200),
            description: long(5000),
            seoTitle: long(120),
            seoDescription: long(300),
            colours: { black: long(60), spruce: 'Vert' },
          }),
        ),
      ),
    ).toEqual(['name', 'tagline', 'description', 'seoTitle', 'seoDescription', 'colour-black']);
  });

  it('writes a locale’s fields on its base, empty fields taking English’s text', () => {
    const english = text({
      description: 'English body.',
      seoDescription: 'English SEO',
      colours: { black: 'Black' },
    });
    const base = {
      url: '/alpine-trek',
      description: '<p><em>Kept</em> body.</p>',
      seo_meta: { og_image: 'x' },
      colours: [{ slug: 'black', label: 'Black', image: 'i' }, { slug: 'red' }],
    };
    const fields = withProductText(
      base,
      text({
        name: 'Alpentrek',
        tagline: '',
        description: 'Kept body.',
        colours: { black: 'Schwarz', spruce: '' },
      }),
      english,
    );
    expect(fields).toMatchObject({
      url: '/alpine-trek',
      title: 'Alpentrek',
      display_title: 'Alpentrek',
      tagline: 'For long days',
      description: '<p><em>Kept</em> body.</p>',
      seo_meta: {
        og_image: 'x',
        seo_title: 'Alpentrek | Ridgeline Snowshoe Co.',
        seo_description: 'For long days',
      },
    });
    expect(fields.colours).toEqual([
      { slug: 'black', label: 'Schwarz', image: 'i' },
      { slug: 'red', label: 'red' },
      { slug: 'spruce', label: 'spruce' },
    ]);
    const changed = withProductText(
      {},
      text({ name: '', description: 'Neu.', seoTitle: 'S', seoDescription: 'D' }),
      english,
    );
    expect(changed).toMatchObject({
      title: 'Alpine Trek',
      description: '<p>Neu.</p>',
      seo_meta: { seo_title: 'S', seo_description: 'D' },
      colours: [],
    });
    const empty = withProductText({ description: 5 }, text({ tagline: '', description: '' }), {
      ...english,
      tagline: '',
    });
    expect(empty).toMatchObject({
      description: '<p>English body.</p>',
      seo_meta: { seo_description: 'English SEO' },
    });
  });
});

describe('addresses and category labels', () => {
  it('suggests an address from the name', () => {
    expect(addressFromName('Alpine Trek Snowshoe')).toBe('alpine-trek-snowshoe');
    expect(addressFromName('  Crème Brûlée — Größe 2 ')).toBe('creme-brulee-grosse-2');
    expect(addressFromName('!!!')).toBe('');
    expect(addressFromName('x'.repeat(100))).toHaveLength(80);
  });
  it('names categories from the root, slugs where a parent is unknown', () => {
    const labels = categoryLabels([
      { id: 1, name: 'Snowshoes', path: 'snowshoes' },
      { id: 2, name: "Men's", path: 'snowshoes/mens' },
      { id: 3, name: 'Poles', path: 'accessories/poles' },
    ]);
    expect(labels.get(2)).toBe("Snowshoes › Men's");
    expect(labels.get(3)).toBe('accessories › Poles');
  });
});
