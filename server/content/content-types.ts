/**
 * The content types of the built-in content service (SPEC §1, §3): every type the storefront reads. Each lists
 * its reference fields (what `include[]` can resolve) so that the delivery protocol can describe the type.
 */

export interface ContentTypeDefinition {
  uid: string;
  title: string;
  /** Content types without a page of their own hold one entry per locale (e.g. brand_settings). */
  singleton?: boolean;
  /** Reference fields by path and the content types they point to. */
  references?: Record<string, string[]>;
  description: string;
}

export const CONTENT_TYPES: readonly ContentTypeDefinition[] = [
  {
    uid: 'header',
    title: 'Header',
    singleton: true,
    references: { main_nav: ['main_nav'], top_alert: ['top_alert'] },
    description: 'Site header: main navigation, top alerts and the secondary navigation.',
  },
  {
    uid: 'main_nav',
    title: 'Main navigation item',
    references: { 'link.banner': ['banner'] },
    description: 'A top-level navigation item with mega-menu columns and a promotional banner, per region.',
  },
  { uid: 'top_alert', title: 'Top alert', description: 'A short announcement above the header, per region.' },
  { uid: 'banner', title: 'Banner', description: 'Image or video banner with copy, hotspots and buttons.' },
  { uid: 'regions', title: 'Regions', description: 'Content regions and the countries each serves.' },
  { uid: 'brand_settings', title: 'Brand settings', singleton: true, description: 'Brand, contact, flags.' },
  {
    uid: 'email_signup_settings',
    title: 'Email signup settings',
    singleton: true,
    description: 'Newsletter lists, copy and back-in-stock notifications.',
  },
  {
    uid: 'display_text',
    title: 'Display text',
    description: 'One UI string, keyed by its lower-cased title.',
  },
  {
    uid: 'duplicate_display_text',
    title: 'Duplicate display text',
    references: { display_text_input: ['display_text'] },
    description: 'A reusable list of display text inputs.',
  },
  {
    uid: 'search',
    title: 'Search',
    singleton: true,
    references: { main_menu: ['main_nav'], sidebar_menu: ['main_nav'] },
    description: 'Search page settings: fallback image and menus.',
  },
  {
    uid: 'page',
    title: 'Page',
    references: { 'landing_page.modules.banner': ['banner'] },
    description: 'Home, generic and landing pages.',
  },
  {
    uid: 'blog',
    title: 'Blog post',
    references: { category: ['blog_category'], author: ['team'] },
    description: 'A blog post.',
  },
  { uid: 'blog_category', title: 'Blog category', description: 'A blog category.' },
  {
    uid: 'support',
    title: 'Support article',
    references: { category: ['support_category'] },
    description: 'A support article.',
  },
  { uid: 'support_category', title: 'Support category', description: 'A group of support articles.' },
  { uid: 'team', title: 'Athlete', description: 'A member of the athlete team.' },
  {
    uid: 'product',
    title: 'Product',
    references: { product_category: ['product_category'], related_products: ['product'] },
    description: 'Editorial content of a catalogue product.',
  },
  { uid: 'product_category', title: 'Product category', description: 'A product category page.' },
  {
    uid: 'category_groups',
    title: 'Category groups',
    references: { parent_category: ['product_category'], 'categories.category': ['product_category'] },
    description: 'Category landing layout: a parent category and its child categories.',
  },
  {
    uid: 'error_page',
    title: 'Error page',
    references: { banner: ['banner'], products: ['product'] },
    description: 'Content of the 404 and 410 error pages.',
  },
  {
    uid: 'hide_product_attributes',
    title: 'Hide product attributes',
    description: 'Attributes never shown.',
  },
  {
    uid: 'automated_related_products_config',
    title: 'Automated related products configuration',
    references: { 'categories.category': ['product_category'] },
    description: 'Which attributes drive automated related products per category.',
  },
  {
    uid: 'manage_product_attributes',
    title: 'Manage product attributes',
    description: 'Specification titles and option sorting.',
  },
  {
    uid: 'category_product_add_on_config',
    title: 'Category product add-on configuration',
    references: { product_category: ['product_category'], 'product_add_on_config.products': ['product'] },
    description: 'Add-on products offered with a category.',
  },
  { uid: 'color_groups', title: 'Colour group', description: 'A colour family and its child colours.' },
  { uid: 'dealer', title: 'Dealer', description: 'A store that sells the brand, with its location.' },
  {
    uid: 'redirect_rules',
    title: 'Redirect rules',
    singleton: true,
    description: 'Legacy paths and their pages.',
  },
];

const BY_UID = new Map(CONTENT_TYPES.map((type) => [type.uid, type]));

export function contentTypeByUid(uid: string): ContentTypeDefinition | undefined {
  return BY_UID.get(uid);
}

/** The content type as the delivery protocol describes it. */
export function describeContentType(type: ContentTypeDefinition) {
  const schema: Array<Record<string, unknown>> = [
    { uid: 'title', data_type: 'text', display_name: 'Title', mandatory: true, unique: false },
  ];
  for (const [path, targets] of Object.entries(type.references ?? {})) {
    schema.push({
      uid: path,
      data_type: 'reference',
      display_name: path,
      reference_to: targets,
      multiple: true,
    });
  }
  return {
    uid: type.uid,
    title: type.title,
    description: type.description,
    options: { singleton: Boolean(type.singleton), is_page: false, title: 'title' },
    schema,
  };
}
