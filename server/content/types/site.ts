/**
 * Field schemas of the site-wide content types: header, navigation, top alerts, regions, brand settings, the
 * newsletter signup, search settings and the error page (SPEC §1, §3).
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import {
  boolean,
  COUNTRY_CODE_FORMAT,
  contentType,
  EMAIL_FORMAT,
  group,
  HEX_COLOUR_FORMAT,
  image,
  multiline,
  navLink,
  number,
  reference,
  regions,
  richText,
  SLUG_FORMAT,
  text,
  WEB_ADDRESS_FORMAT,
} from './fields.ts';

export const header: ContentTypeSchema = contentType(
  'header',
  'Header',
  'Site header: main navigation, top alerts and the secondary navigation.',
  [
    reference('main_nav', 'Main navigation', ['main_nav'], { many: true, mandatory: true }),
    reference('top_alert', 'Top alerts', ['top_alert'], {
      many: true,
      description: 'The first alert of the visitor’s region is shown above the header.',
    }),
    group('secondary_nav', 'Secondary navigation', [
      navLink('links', 'Links', [], { multiple: true, max_instance: 12 }),
    ]),
  ],
  { singleton: true },
);

export const mainNav: ContentTypeSchema = contentType(
  'main_nav',
  'Main navigation item',
  'A top-level navigation item with mega-menu columns and a promotional banner, per region.',
  [
    navLink('link', 'Link', [reference('banner', 'Menu banner', ['banner'])], { mandatory: true }),
    group(
      'mega_menu',
      'Mega-menu columns',
      [
        text('heading', 'Heading', { max_length: 100 }),
        navLink('links', 'Links', [], { multiple: true, max_instance: 30 }),
      ],
      { multiple: true, max_instance: 8 },
    ),
    regions(),
  ],
);

export const topAlert: ContentTypeSchema = contentType(
  'top_alert',
  'Top alert',
  'A short announcement above the header, per region.',
  [navLink('link', 'Link'), text('background_color', 'Background colour', HEX_COLOUR_FORMAT), regions()],
  { titleName: 'Alert text', titleMaxLength: 300 },
);

export const regionsType: ContentTypeSchema = contentType(
  'regions',
  'Regions',
  'Content regions and the countries each serves.',
  [
    text('region_id', 'Region id', { mandatory: true, max_length: 40, ...SLUG_FORMAT }),
    text('countries', 'Countries', {
      multiple: true,
      ...COUNTRY_CODE_FORMAT,
      description: 'Pro regions list no countries: a pro account picks them (SPEC §4).',
    }),
  ],
);

const address = (options: { mandatory?: boolean } = {}) =>
  group(
    'address',
    'Address',
    [
      text('street_address', 'Street address', { max_length: 200, mandatory: options.mandatory }),
      text('city', 'City', { max_length: 100, mandatory: options.mandatory }),
      text('state', 'State or province', { max_length: 100 }),
      text('postal_code', 'Postal code', { max_length: 20 }),
      text('country', 'Country', { max_length: 100, mandatory: options.mandatory }),
    ],
    options,
  );

export const brandSettings: ContentTypeSchema = contentType(
  'brand_settings',
  'Brand settings',
  'Brand, contact, flags.',
  [
    text('site_url', 'Site address', { mandatory: true, max_length: 200, ...WEB_ADDRESS_FORMAT }),
    text('display_name', 'Display name', { mandatory: true, max_length: 100 }),
    image('brand_logo', 'Logo'),
    text('amplience_brand_alias', 'Media brand alias', { max_length: 50, ...SLUG_FORMAT }),
    group('seo', 'Default SEO', [
      text('default_title', 'Default page title', { max_length: 200 }),
      multiline('default_description', 'Default description', { max_length: 500 }),
      image('og_image', 'Social sharing image', { alt: false }),
    ]),
    group(
      'social_media',
      'Social media',
      [
        text('network', 'Network', { mandatory: true, max_length: 50 }),
        text('url', 'Address', { mandatory: true, max_length: 500, ...WEB_ADDRESS_FORMAT }),
      ],
      { multiple: true, max_instance: 12 },
    ),
    group('contact', 'Contact', [
      text('phone', 'Phone', { max_length: 40 }),
      text('email', 'Email', { max_length: 200, ...EMAIL_FORMAT }),
      address(),
      group(
        'hours_of_operation',
        'Opening hours',
        [
          text('days_of_week', 'Days', { mandatory: true, max_length: 60 }),
          text('opening_time', 'Opens', {
            max_length: 20,
            description: 'A time such as 08:00, or “Closed”.',
          }),
          text('closing_time', 'Closes', { max_length: 20 }),
        ],
        { multiple: true, max_instance: 14 },
      ),
    ]),
    boolean('shopping', 'Shopping enabled'),
    boolean('site_search', 'Site search enabled'),
    boolean('automate_related_products', 'Automated related products'),
    boolean('enable_product_data_refactor', 'Product data refactor'),
  ],
  { singleton: true },
);

export const emailSignupSettings: ContentTypeSchema = contentType(
  'email_signup_settings',
  'Email signup settings',
  'Newsletter lists, copy and back-in-stock notifications, per region (one entry per group of regions).',
  [
    regions(),
    group(
      'lists',
      'Mailing lists',
      [
        text('id', 'List id', { mandatory: true, max_length: 100, ...SLUG_FORMAT }),
        text('name', 'List name', { mandatory: true, max_length: 200 }),
      ],
      { multiple: true, max_instance: 20 },
    ),
    group('copy', 'Signup copy', [
      text('heading', 'Heading', { max_length: 200 }),
      multiline('body', 'Text', { max_length: 1000 }),
      multiline('consent', 'Consent text', { max_length: 1000 }),
    ]),
    group('back_in_stock_notifications', 'Back-in-stock notifications', [
      boolean('enabled', 'Enabled'),
      multiline('copy', 'Text', { max_length: 1000 }),
    ]),
  ],
);

export const search: ContentTypeSchema = contentType(
  'search',
  'Search',
  'Search page settings: fallback image and menus.',
  [
    image('fallback_image', 'Fallback image', { alt: false, imageset: true }),
    reference('main_menu', 'Main menu', ['main_nav'], { many: true }),
    reference('sidebar_menu', 'Sidebar menu', ['main_nav'], { many: true }),
    multiline('no_results_copy', 'No results text', { max_length: 1000 }),
  ],
  { singleton: true },
);

export const errorPage: ContentTypeSchema = contentType(
  'error_page',
  'Error page',
  'Content of the 404 and 410 error pages.',
  [
    regions(),
    text('header', 'Heading', { mandatory: true, max_length: 200 }),
    richText('main_content', 'Text'),
    text('link_text', 'Home link text', { max_length: 100 }),
    text('product_header', 'Products heading', { max_length: 200 }),
    group('automated_related_products', 'Automated products', [
      reference('category', 'Category', ['product_category']),
      number('bcId', 'Commerce category id', { min: 0 }),
    ]),
    reference('products', 'Products', ['product'], { many: true, max_instance: 24 }),
    reference('banner', 'Banner', ['banner']),
    group('product_recommendation_page', 'Retired product page', [
      text('header', 'Heading', { max_length: 200 }),
      richText('main_content', 'Text'),
    ]),
  ],
);
