import { describe, expect, it } from 'vitest';
import { breadcrumbList, jsonLdText, organization } from './structured-data.ts';

describe('structured data', () => {
  it('describes the organization', () => {
    expect(
      organization({ name: 'Ridgeline', url: 'https://x.example/', logo: 'https://x.example/logo.svg' }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Ridgeline',
      url: 'https://x.example/',
      logo: 'https://x.example/logo.svg',
    });
  });

  it('numbers breadcrumb positions from 1', () => {
    const list = breadcrumbList([
      { name: 'Home', url: 'https://x.example/' },
      { name: 'Snowshoes', url: 'https://x.example/en-us/c/snowshoes' },
    ]);
    expect(list.itemListElement.map((item) => item.position)).toEqual([1, 2]);
  });

  it('cannot be broken out of its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
