/**
 * A product's shopper-facing text in one content locale (issue 41, decision 0039): name, tagline, description,
 * colour names and SEO title and description live in the product's content entry, one entry per content locale,
 * English (`en-us`) the fallback of the others. The back office's product page edits them as plain text; these
 * rules turn an entry's fields into that text and the text back into the entry's fields.
 */

export const PRODUCT_TEXT_LOCALES = ['en-us', 'de', 'fr', 'es', 'it', 'sv', 'no', 'ja'] as const;
export type ProductTextLocale = (typeof PRODUCT_TEXT_LOCALES)[number];

/** The back office's names of the content locales (the back office is in English). */
export const PRODUCT_TEXT_LOCALE_NAMES: Readonly<Record<ProductTextLocale, string>> = {
  'en-us': 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  sv: 'Swedish',
  no: 'Norwegian',
  ja: 'Japanese',
};

export const isProductTextLocale = (value: string): value is ProductTextLocale =>
  (PRODUCT_TEXT_LOCALES as readonly string[]).includes(value);

export const PRODUCT_TEXT_LIMITS = {
  name: 120,
  tagline: 200,
  description: 5000,
  seoTitle: 120,
  seoDescription: 300,
  colour: 60,
} as const;

export interface ProductText {
  name: string;
  tagline: string;
  /** Plain text, paragraphs apart by a blank line. */
  description: string;
  seoTitle: string;
  seoDescription: string;
  /** Colour names by the colour value's slug. */
  colours: Record<string, string>;
}

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Fields =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** An entry's description (HTML paragraphs) as plain text, a blank line between paragraphs. */
export function descriptionText(html: string): string {
  return html
    .split(/<\/p>|<br\s*\/?>/i)
    .map((part) =>
      part
        .replace(/<[^>]*>/g, '')
        .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** Plain text as the entry's description: one paragraph per block of lines. */
export function descriptionHtml(plain: string): string {
  return plain
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('');
}

/** The text an entry's fields hold (its colours named by slug). */
export function productTextOf(fields: Fields): ProductText {
  const seo = record(fields.seo_meta);
  const colours: Record<string, string> = {};
  if (Array.isArray(fields.colours))
    for (const colour of fields.colours) {
      const entry = record(colour);
      if (text(entry.slug) && text(entry.label)) colours[text(entry.slug)] = text(entry.label);
    }
  return {
    name: text(fields.display_title) || text(fields.title),
    tagline: text(fields.tagline),
    description: descriptionText(text(fields.description)),
    seoTitle: text(seo.seo_title),
    seoDescription: text(seo.seo_description),
    colours,
  };
}

/** Why a locale's text cannot be saved, by field; empty when it can. English must name the product. */
export function productTextProblems(locale: ProductTextLocale, input: ProductText): Record<string, string> {
  const problems: Record<string, string> = {};
  const limit = PRODUCT_TEXT_LIMITS;
  if (locale === 'en-us' && !input.name.trim())
    problems.name = 'Enter the English name: it is every locale’s fallback.';
  if (input.name.length > limit.name) problems.name = `Keep the name under ${limit.name} characters.`;
  if (input.tagline.length > limit.tagline)
    problems.tagline = `Keep the tagline under ${limit.tagline} characters.`;
  if (input.description.length > limit.description)
    problems.description = `Keep the description under ${limit.description.toLocaleString('en-US')} characters.`;
  if (input.seoTitle.length > limit.seoTitle)
    problems.seoTitle = `Keep the SEO title under ${limit.seoTitle} characters.`;
  if (input.seoDescription.length > limit.seoDescription)
    problems.seoDescription = `Keep the SEO description under ${limit.seoDescription} characters.`;
  for (const [slug, label] of Object.entries(input.colours))
    if (label.length > limit.colour)
      problems[`colour-${slug}`] = `Keep a colour name under ${limit.colour} characters.`;
  return problems;
}

/**
 * A locale's entry fields with this text: `base` is the locale's own entry, or English's when the locale has
 * none yet (so it starts as a copy of everything else English has: links, prices, images). An empty field takes
 * English's text (`fallback`), so a half-translated locale never shows a blank. A description whose text did not
 * change keeps its HTML (an editor's formatting); colours keep their other fields (image, hex).
 */
export function withProductText(base: Fields, input: ProductText, fallback: ProductText): Fields {
  const name = input.name.trim() || fallback.name;
  const tagline = input.tagline.trim() || fallback.tagline;
  const description = input.description.trim();
  const keepHtml = description !== '' && description === descriptionText(text(base.description));
  const seo = record(base.seo_meta);
  const seoTitle = input.seoTitle.trim() || `${name} | Ridgeline Snowshoe Co.`;
  const seoDescription = input.seoDescription.trim() || tagline || fallback.seoDescription;
  const baseColours = Array.isArray(base.colours) ? base.colours.map(record) : [];
  const slugs = [
    ...new Set([...baseColours.map((colour) => text(colour.slug)), ...Object.keys(input.colours)]),
  ];
  const colours = slugs.filter(Boolean).map((slug) => {
    const held = baseColours.find((colour) => text(colour.slug) === slug) ?? { slug };
    const label = input.colours[slug]?.trim() || fallback.colours[slug] || text(held.label) || slug;
    return { ...held, label };
  });
  return {
    ...base,
    title: name,
    display_title: name,
    tagline,
    description: keepHtml
      ? text(base.description)
      : description
        ? descriptionHtml(description)
        : descriptionHtml(fallback.description),
    seo_meta: {
      ...seo,
      seo_title: seoTitle,
      seo_description: seoDescription.slice(0, PRODUCT_TEXT_LIMITS.seoDescription),
    },
    colours,
  };
}

/**
 * The storefront address a product's name suggests (`Alpine Trek Snowshoe` → `alpine-trek-snowshoe`): accents
 * dropped, anything else than letters and digits a single dash, at most 80 characters. The merchandiser may edit it.
 */
export function addressFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
}

/** A category as merchandisers name it: its names from the root (`Snowshoes › Men's`), not its slug path. */
export function categoryLabels(
  categories: ReadonlyArray<{ id: number; name: string; path: string }>,
): Map<number, string> {
  const byPath = new Map(categories.map((category) => [category.path, category.name]));
  return new Map(
    categories.map((category) => {
      const parts = category.path.split('/');
      const names = parts.map((_, index) => byPath.get(parts.slice(0, index + 1).join('/')) ?? parts[index]!);
      return [category.id, names.join(' › ')];
    }),
  );
}
