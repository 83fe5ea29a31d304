/** schema.org JSON-LD builders; the page renders them with <JsonLd>. */

export interface OrganizationFacts {
  name: string;
  url: string;
  logo: string;
  telephone?: string;
  sameAs?: string[];
}

export function organization(facts: OrganizationFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: facts.name,
    url: facts.url,
    logo: facts.logo,
    ...(facts.telephone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            telephone: facts.telephone,
            contactType: 'customer service',
          },
        }
      : {}),
    ...(facts.sameAs?.length ? { sameAs: facts.sameAs } : {}),
  };
}

export function breadcrumbList(items: ReadonlyArray<{ name: string; url: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** JSON for a <script> element: `<` escaped so content can never close the script early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
