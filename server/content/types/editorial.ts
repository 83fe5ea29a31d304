/**
 * Field schemas of the editorial content types: pages (home, generic and landing pages with modular blocks),
 * the blog, support articles and the athlete team (SPEC §1, §3).
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import {
  blocks,
  boolean,
  contentType,
  date,
  group,
  image,
  multiline,
  number,
  reference,
  regions,
  richText,
  SLUG_FORMAT,
  select,
  seoMeta,
  TIME_FORMAT,
  text,
  url,
  WEB_ADDRESS_FORMAT,
} from './fields.ts';

export const PAGE_TYPES = ['home', 'generic', 'landing'];
export const SAFETY_NOTICE_STATUSES = ['advisory', 'resolved'];

export const page: ContentTypeSchema = contentType('page', 'Page', 'Home, generic and landing pages.', [
  url({ mandatory: true }),
  select('page_type', 'Kind of page', PAGE_TYPES, { mandatory: true, display_type: 'radio' }),
  seoMeta({ ogImage: true, imageset: true }),
  group('generic_page', 'Generic page', [
    text('heading', 'Heading', { max_length: 200 }),
    richText('body', 'Text'),
  ]),
  group('landing_page', 'Landing page', [
    blocks(
      'modules',
      'Modules',
      [
        {
          uid: 'banner',
          title: 'Banner',
          schema: [reference('banner', 'Banner', ['banner'], { mandatory: true })],
        },
        {
          uid: 'copy',
          title: 'Text',
          schema: [
            text('heading', 'Heading', { max_length: 200 }),
            richText('body', 'Text', { mandatory: true }),
          ],
        },
        {
          uid: 'product_slider',
          title: 'Product slider',
          schema: [
            text('title', 'Heading', { max_length: 200 }),
            boolean('slider', 'Show as a slider'),
            reference('products', 'Products', ['product'], { many: true, mandatory: true, max_instance: 24 }),
          ],
        },
      ],
      { max_instance: 30 },
    ),
  ]),
  group(
    'safety_notices',
    'Safety notices',
    [
      text('title', 'Title', { mandatory: true, max_length: 200 }),
      date('date', 'Date', { mandatory: true }),
      select('status', 'Status', SAFETY_NOTICE_STATUSES, { mandatory: true, display_type: 'radio' }),
      text('products', 'Products concerned', { max_length: 300 }),
      richText('body', 'Text'),
    ],
    { multiple: true, max_instance: 50 },
  ),
  group(
    'info_sections',
    'Information sections',
    [text('heading', 'Heading', { mandatory: true, max_length: 200 }), richText('body', 'Text')],
    { multiple: true, max_instance: 30 },
  ),
  group(
    'events',
    'Demo days',
    [
      text('uid', 'Event id', { mandatory: true, max_length: 100, ...SLUG_FORMAT }),
      text('title', 'Title', { mandatory: true, max_length: 200 }),
      date('date', 'Date', { mandatory: true }),
      text('start_time', 'Starts', { max_length: 5, ...TIME_FORMAT }),
      text('end_time', 'Ends', { max_length: 5, ...TIME_FORMAT }),
      reference('dealer', 'Dealer', ['dealer']),
      text('city', 'City', { max_length: 100 }),
      number('capacity', 'Places', { min: 0, max: 10_000 }),
      multiline('description', 'Description', { max_length: 2000 }),
    ],
    { multiple: true, max_instance: 100 },
  ),
]);

export const blog: ContentTypeSchema = contentType('blog', 'Blog post', 'A blog post.', [
  url({ mandatory: true }),
  date('date', 'Date', { mandatory: true }),
  reference('category', 'Category', ['blog_category']),
  reference('author', 'Author', ['team']),
  multiline('summary', 'Summary', { max_length: 1000 }),
  richText('body', 'Text', { mandatory: true }),
  image('image', 'Image'),
  text('tags', 'Tags', { multiple: true, max_length: 60, max_instance: 20 }),
  regions(),
  seoMeta(),
]);

export const blogCategory: ContentTypeSchema = contentType(
  'blog_category',
  'Blog category',
  'A blog category.',
  [url({ mandatory: true }), multiline('description', 'Description', { max_length: 1000 }), regions()],
);

export const support: ContentTypeSchema = contentType('support', 'Support article', 'A support article.', [
  url({ mandatory: true }),
  reference('category', 'Category', ['support_category']),
  multiline('summary', 'Summary', { max_length: 1000 }),
  richText('body', 'Text', { mandatory: true }),
  number('order', 'Order in its category', { min: 0 }),
  regions(),
]);

export const supportCategory: ContentTypeSchema = contentType(
  'support_category',
  'Support category',
  'A group of support articles.',
  [url({ mandatory: true }), multiline('description', 'Description', { max_length: 1000 }), regions()],
);

export const team: ContentTypeSchema = contentType(
  'team',
  'Athlete',
  'A member of the athlete team.',
  [
    url({ mandatory: true }),
    text('role', 'Role', { max_length: 200 }),
    text('hometown', 'Home town', { max_length: 200 }),
    richText('bio', 'Biography'),
    image('image', 'Portrait'),
    reference('favourite_gear', 'Favourite gear', ['product'], { many: true, max_instance: 12 }),
    number('order', 'Order on the team page', { min: 0 }),
    regions(),
    group('social', 'Social media', [
      text('instagram', 'Instagram', { max_length: 500, ...WEB_ADDRESS_FORMAT }),
    ]),
  ],
  { titleName: 'Name' },
);
