/**
 * Field schemas of the catalogue's editorial content: products and product categories (the commerce record
 * holds prices and stock; these hold the copy, images, attributes and the commerce ids per region), category
 * layouts, colour groups and the product attribute settings (SPEC §3).
 */
import type { ContentField, ContentTypeSchema } from '#core/content-schema.ts';
import { COMMERCE_REGIONS } from '#core/regions.ts';
import {
  boolean,
  contentType,
  group,
  HEX_COLOUR_FORMAT,
  image,
  mediaId,
  multiline,
  number,
  reference,
  regions,
  richText,
  SLUG_FORMAT,
  select,
  seoMeta,
  text,
  url,
} from './fields.ts';

/** Countries with a content price (SPEC §3 product `prices`). */
export const PRICE_COUNTRIES = [
  'au',
  'at',
  'ca',
  'cz',
  'fr',
  'de',
  'it',
  'jp',
  'nl',
  'no',
  'pl',
  'es',
  'se',
  'ch',
  'gb',
  'nz',
];
export const PRICE_RANGES = ['under-100', '100-200', '200-300', '300-plus'];
export const PRODUCT_GENDERS = ['mens', 'womens', 'kids', 'unisex'];
export const PRODUCT_TERRAINS = ['flat', 'rolling', 'mountain', 'powder', 'all'];

const COMMERCE_REGION_NAMES: Record<(typeof COMMERCE_REGIONS)[number], string> = {
  us: 'United States',
  ca: 'Canada',
  eu_region_1: 'Europe (EUR shop)',
};
const perCommerceRegion = (make: (region: string, name: string) => ContentField) =>
  COMMERCE_REGIONS.map((region) => make(region, COMMERCE_REGION_NAMES[region]));
const commerceIds = (uid: string, name: string) =>
  group(
    uid,
    name,
    perCommerceRegion((region, name) =>
      number(region, `${name}: category ids`, { multiple: true, min: 0, max_instance: 20 }),
    ),
  );
const yesNo = (uid: string, name: string) =>
  group(uid, name, [select('value', name, ['Yes', 'No'], { display_type: 'radio' })]);

export const product: ContentTypeSchema = contentType(
  'product',
  'Product',
  'Editorial content of a catalogue product.',
  [
    text('display_title', 'Display title', { max_length: 200 }),
    text('tagline', 'Tagline', { max_length: 300 }),
    richText('description', 'Description'),
    url({ mandatory: true }),
    regions(),
    group(
      'bc_products',
      'Commerce products',
      perCommerceRegion((region, name) =>
        group(region, `${name}: product`, [
          number('id', 'Product id', { mandatory: true, min: 1 }),
          text('sku', 'SKU', { max_length: 100 }),
        ]),
      ),
    ),
    commerceIds('bc_categories', 'Commerce categories'),
    yesNo('is_new', 'New'),
    yesNo('is_redesigned', 'Redesigned'),
    group(
      'prices',
      'Prices shown per country',
      PRICE_COUNTRIES.map((country) => text(country, country.toUpperCase(), { max_length: 40 })),
    ),
    select('price_range', 'Price range', PRICE_RANGES),
    image('image', 'Main image', { alt: false, imageset: true, url: true }),
    group(
      'colours',
      'Colours',
      [
        text('slug', 'Colour id', { mandatory: true, max_length: 60, ...SLUG_FORMAT }),
        text('label', 'Colour name', { mandatory: true, max_length: 100 }),
        text('hex', 'Swatch colour', HEX_COLOUR_FORMAT),
        text('image', 'Image address', {
          max_length: 2000,
          format: '^/[^\\s]*$',
          error_messages: { format: 'Enter the image address as a site path, e.g. /media/i/ridgeline/…' },
        }),
        mediaId('amplience_id', 'Image'),
      ],
      { multiple: true, max_instance: 30 },
    ),
    seoMeta({ ogImage: true, imageset: true }),
    group(
      'product_specs',
      'Specifications',
      [
        text('id', 'Specification id', { mandatory: true, max_length: 100, ...SLUG_FORMAT }),
        text('value', 'Value', { max_length: 300 }),
      ],
      { multiple: true, max_instance: 50 },
    ),
    group(
      'updated_product_specs',
      'Specifications with titles',
      [
        text('id', 'Specification id', { mandatory: true, max_length: 100, ...SLUG_FORMAT }),
        text('title', 'Title', { max_length: 200 }),
        text('value', 'Value', { max_length: 300 }),
      ],
      { multiple: true, max_instance: 50 },
    ),
    group('product_attributes', 'Filter attributes', [
      select('gender', 'Fit', PRODUCT_GENDERS, { multiple: true }),
      select('terrain', 'Terrain', PRODUCT_TERRAINS, { multiple: true }),
      text('category', 'Category', { multiple: true, max_length: 60, ...SLUG_FORMAT }),
    ]),
    reference('product_category', 'Category', ['product_category']),
    reference('related_products', 'Related products', ['product'], { many: true, max_instance: 24 }),
    boolean('discontinued', 'Discontinued'),
  ],
  { titleName: 'Name' },
);

export const productCategory: ContentTypeSchema = contentType(
  'product_category',
  'Product category',
  'A product category page.',
  [
    text('display_title', 'Display title', { max_length: 200 }),
    multiline('description', 'Description', { max_length: 2000 }),
    url({ mandatory: true }),
    group(
      'cat_ids_bc',
      'Commerce categories',
      perCommerceRegion((region, name) =>
        number(region, `${name}: category ids`, { multiple: true, min: 0, max_instance: 20 }),
      ),
    ),
    boolean('automated_related_products', 'Automated related products'),
    regions(),
    text('parent', 'Parent category', {
      max_length: 128,
      ...SLUG_FORMAT,
      description: 'The uid of the parent category entry; empty for a top-level category.',
    }),
    seoMeta(),
  ],
);

export const categoryGroups: ContentTypeSchema = contentType(
  'category_groups',
  'Category groups',
  'Category landing layout: a parent category and its child categories.',
  [
    reference('parent_category', 'Parent category', ['product_category'], { mandatory: true }),
    group(
      'categories',
      'Child categories',
      [
        reference('category', 'Category', ['product_category'], { mandatory: true }),
        text('clp_display_title', 'Title on the tile', { max_length: 200 }),
      ],
      { multiple: true, max_instance: 40 },
    ),
    text('clp_layout_tags', 'Layout tags', {
      multiple: true,
      max_length: 40,
      max_instance: 10,
      ...SLUG_FORMAT,
    }),
  ],
);

const attributeNames = (uid: string, name: string, options: { mandatory?: boolean } = {}) =>
  text(uid, name, { multiple: true, max_length: 100, max_instance: 50, ...SLUG_FORMAT, ...options });

export const hideProductAttributes: ContentTypeSchema = contentType(
  'hide_product_attributes',
  'Hide product attributes',
  'Attributes never shown.',
  [attributeNames('attributes', 'Hidden attributes')],
  { singleton: true },
);

export const automatedRelatedProductsConfig: ContentTypeSchema = contentType(
  'automated_related_products_config',
  'Automated related products configuration',
  'Which attributes drive automated related products per category.',
  [
    group(
      'categories',
      'Per category',
      [
        reference('category', 'Category', ['product_category'], { mandatory: true }),
        group('configuration', 'Configuration', [
          attributeNames('attributes', 'Matching attributes'),
          number('limit', 'Most products shown', { min: 1, max: 48 }),
        ]),
      ],
      { multiple: true, max_instance: 100 },
    ),
    attributeNames('attributes', 'Default matching attributes'),
    group(
      'grouped_attributes',
      'Attribute groups',
      [
        text('title', 'Title', { mandatory: true, max_length: 200 }),
        attributeNames('attributes', 'Attributes'),
      ],
      { multiple: true, max_instance: 20 },
    ),
  ],
  { singleton: true },
);

export const manageProductAttributes: ContentTypeSchema = contentType(
  'manage_product_attributes',
  'Manage product attributes',
  'Specification titles and option sorting.',
  [
    group(
      'spec_titles',
      'Specification titles',
      [
        text('id', 'Specification id', { mandatory: true, max_length: 100, ...SLUG_FORMAT }),
        text('title', 'Title', { mandatory: true, max_length: 200 }),
      ],
      { multiple: true, max_instance: 100 },
    ),
    group(
      'attribute_option_sorting',
      'Option order',
      [
        text('attribute', 'Attribute', { mandatory: true, max_length: 100 }),
        text('order', 'Options in order', { multiple: true, max_length: 100, max_instance: 100 }),
      ],
      { multiple: true, max_instance: 20 },
    ),
  ],
  { singleton: true },
);

export const categoryProductAddOnConfig: ContentTypeSchema = contentType(
  'category_product_add_on_config',
  'Category product add-on configuration',
  'Add-on products offered with a category.',
  [
    reference('product_category', 'Category', ['product_category'], { mandatory: true }),
    group('product_add_on_config', 'Add-ons', [
      text('heading', 'Heading', { max_length: 200 }),
      reference('products', 'Products', ['product'], { many: true, max_instance: 12 }),
    ]),
    regions(),
  ],
);

export const colorGroups: ContentTypeSchema = contentType(
  'color_groups',
  'Colour group',
  'A colour family and its child colours.',
  [
    text('color_name', 'Colour family', { mandatory: true, max_length: 100 }),
    text('option_swatch_hex', 'Swatch colour', HEX_COLOUR_FORMAT),
    text('child_colors', 'Colour names', { multiple: true, max_length: 100, max_instance: 50 }),
    text('child_color_slugs', 'Colour ids', {
      multiple: true,
      max_length: 60,
      max_instance: 50,
      ...SLUG_FORMAT,
    }),
  ],
);
