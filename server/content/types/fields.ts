/**
 * Builders for content type field schemas (core/content-schema.ts, the hosted service's own shape), so each
 * type's file reads as a list of its fields. Shared field groups (an image, a link, the regions an entry shows
 * in, SEO) are defined once here.
 */

import { CONTENT_REGIONS } from '#core/content-region.ts';
import type {
  BlocksField,
  BooleanField,
  ContentField,
  ContentTypeSchema,
  DateField,
  FileField,
  GroupField,
  JsonField,
  NumberField,
  ReferenceField,
  TextField,
} from '#core/content-schema.ts';
import { SITE_PATH_OR_WEB_ADDRESS } from '#core/content-validation.ts';
import { CONTENT_TYPE_PREFIX } from '#core/links.ts';

interface Common {
  mandatory?: boolean;
  multiple?: boolean;
  max_instance?: number;
  description?: string;
}

function base(uid: string, display_name: string, options: Common) {
  const { description, ...rest } = options;
  return {
    uid,
    display_name,
    ...rest,
    ...(description ? { field_metadata: { description } } : {}),
  };
}

export function contentType(
  uid: string,
  title: string,
  description: string,
  fields: ContentField[],
  options: { singleton?: boolean; titleName?: string; titleMaxLength?: number } = {},
): ContentTypeSchema {
  return {
    uid,
    title,
    description,
    options: { singleton: Boolean(options.singleton), title: 'title' },
    schema: [
      text('title', options.titleName ?? 'Title', {
        mandatory: true,
        max_length: options.titleMaxLength ?? 200,
      }),
      ...fields,
    ],
  };
}

export function text(
  uid: string,
  name: string,
  options: Common & Pick<TextField, 'max_length' | 'format' | 'error_messages'> = {},
): TextField {
  return {
    ...base(uid, name, options),
    data_type: 'text',
    ...pick(options, ['max_length', 'format', 'error_messages']),
  };
}

export function multiline(
  uid: string,
  name: string,
  options: Common & { max_length?: number } = {},
): TextField {
  const field = text(uid, name, options);
  return { ...field, field_metadata: { ...field.field_metadata, multiline: true } };
}

/** HTML, sanitised on save (core/content-validation.ts) and on render (core/rich-text.ts). */
export function richText(uid: string, name: string, options: Common = {}): TextField {
  const field = text(uid, name, options);
  return { ...field, field_metadata: { ...field.field_metadata, allow_rich_text: true, multiline: true } };
}

export function select(
  uid: string,
  name: string,
  choices: readonly string[],
  options: Common & { display_type?: 'dropdown' | 'radio' } = {},
): TextField {
  return {
    ...text(uid, name, options),
    display_type: options.display_type ?? 'dropdown',
    enum: { advanced: false, choices: choices.map((value) => ({ value })) },
  };
}

export function number(
  uid: string,
  name: string,
  options: Common & { min?: number; max?: number } = {},
): NumberField {
  return { ...base(uid, name, options), data_type: 'number', ...pick(options, ['min', 'max']) };
}

export function boolean(uid: string, name: string, options: Common = {}): BooleanField {
  return { ...base(uid, name, options), data_type: 'boolean' };
}

export function date(uid: string, name: string, options: Common = {}): DateField {
  return { ...base(uid, name, options), data_type: 'isodate' };
}

export function file(uid: string, name: string, options: Common & { image?: boolean } = {}): FileField {
  const field = base(uid, name, options);
  return {
    ...field,
    data_type: 'file',
    field_metadata: { ...field.field_metadata, image: options.image ?? true },
  };
}

export function json(uid: string, name: string, options: Common = {}): JsonField {
  return { ...base(uid, name, options), data_type: 'json' };
}

/** References to entries of these types; `many` for a list, else at most one. */
export function reference(
  uid: string,
  name: string,
  referenceTo: string[],
  options: Common & { many?: boolean } = {},
): ReferenceField {
  const { many, ...rest } = options;
  const field = base(uid, name, rest);
  return {
    ...field,
    data_type: 'reference',
    reference_to: referenceTo,
    field_metadata: { ...field.field_metadata, ref_multiple: Boolean(many) },
  };
}

export function group(uid: string, name: string, schema: ContentField[], options: Common = {}): GroupField {
  return { ...base(uid, name, options), data_type: 'group', schema };
}

export function blocks(
  uid: string,
  name: string,
  kinds: BlocksField['blocks'],
  options: Common = {},
): BlocksField {
  return { ...base(uid, name, options), data_type: 'blocks', blocks: kinds };
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

// ---- Formats -------------------------------------------------------------------------------------------

export const HREF_FORMAT = {
  format: SITE_PATH_OR_WEB_ADDRESS,
  error_messages: { format: 'A link must be a site path (/stores) or an https address.' },
};
export const WEB_ADDRESS_FORMAT = {
  format: '^https?://[^/\\s][^\\s]*$',
  error_messages: { format: 'Enter a web address starting with https://.' },
};
export const HEX_COLOUR_FORMAT = {
  format: '^#[0-9a-fA-F]{6}$',
  error_messages: { format: 'Enter a colour as # and six hex digits, e.g. #14202b.' },
};
export const SLUG_FORMAT = {
  format: '^[a-z0-9][a-z0-9_-]*$',
  error_messages: { format: 'Use lower-case letters, digits, - and _ only.' },
};
export const MEDIA_ID_FORMAT = {
  format: '^[a-z0-9][a-z0-9_-]*$',
  error_messages: {
    format: 'Pick an image from the asset library (a media id: lower-case letters, digits, -).',
  },
};
export const TIME_FORMAT = {
  format: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  error_messages: { format: 'Enter a time as HH:MM, e.g. 09:00.' },
};
export const EMAIL_FORMAT = {
  format: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  error_messages: { format: 'Enter an email address, e.g. help@example.com.' },
};
export const COUNTRY_CODE_FORMAT = {
  format: '^[a-z]{2}$',
  error_messages: { format: 'Enter a two-letter country code in lower case, e.g. de.' },
};
export const ASPECT_RATIO_FORMAT = {
  format: '^[0-9]+(\\.[0-9]+)? ?[:/x] ?[0-9]+(\\.[0-9]+)?$',
  error_messages: { format: 'Enter an aspect ratio as width:height, e.g. 16:9.' },
};

/**
 * A media id (`banner-powder-day`): an image of the media service, picked from the asset library (an asset
 * carries it in `fields.amplience_id`). Marked `field_metadata.image`, so the editor offers the asset library
 * and core/content-references.ts's `mediaIdsIn` finds it.
 */
export function mediaId(uid: string, name: string, options: Common = {}): TextField {
  const field = text(uid, name, { max_length: 200, ...MEDIA_ID_FORMAT, ...options });
  return { ...field, field_metadata: { ...field.field_metadata, image: true } };
}

// ---- Shared groups -------------------------------------------------------------------------------------

export function regions(options: Common = {}): TextField {
  return select('regions', 'Regions', CONTENT_REGIONS, {
    multiple: true,
    description: 'The content regions this entry shows in.',
    ...options,
  });
}

/**
 * An image as entries hold it today: a descriptor of the media service's image (`amplience_id`, the id an
 * asset of the library carries in its `fields.amplience_id`), with alt text. Marked `field_metadata.image` so
 * the editor offers the asset library for `amplience_id`.
 */
export function image(
  uid: string,
  name: string,
  options: Common & { alt?: boolean; imageset?: boolean; url?: boolean } = {},
): GroupField {
  const { alt = true, imageset = false, url = false, ...rest } = options;
  const field = group(
    uid,
    name,
    [
      mediaId('amplience_id', 'Image', { mandatory: rest.mandatory }),
      ...(alt ? [text('alt_text', 'Alt text', { max_length: 300 })] : []),
      ...(imageset ? [mediaId('imageset', 'Image set')] : []),
      ...(url ? [text('url', 'Image URL', { max_length: 2000, ...HREF_FORMAT })] : []),
    ],
    rest,
  );
  return { ...field, field_metadata: { ...field.field_metadata, image: true } };
}

/** SPEC §2 link kinds and the content types an Internal link's prefix comes from. */
export const LINK_KINDS = ['Internal', 'Nuxt', 'External'] as const;
export const LINKED_CONTENT_TYPES = Object.keys(CONTENT_TYPE_PREFIX);

/** A navigation link as headers, menus and alerts hold it (SPEC §2): text and address, both required once either is given. */
export function navLink(
  uid: string,
  name: string,
  extra: ContentField[] = [],
  options: Common = {},
): GroupField {
  return group(
    uid,
    name,
    [
      text('title', 'Link text', { mandatory: true, max_length: 200 }),
      text('href', 'Address', { mandatory: true, max_length: 2000, ...HREF_FORMAT }),
      select('content_type', 'Links to', LINKED_CONTENT_TYPES, {
        description: 'The kind of page linked, for its URL prefix (SPEC §2).',
      }),
      select('type', 'Link kind', LINK_KINDS),
      boolean('new_tab', 'Open in a new tab'),
      ...extra,
    ],
    options,
  );
}

export function seoMeta(options: { ogImage?: boolean; imageset?: boolean } = {}): GroupField {
  return group('seo_meta', 'SEO', [
    text('seo_title', 'SEO title', { max_length: 200 }),
    multiline('seo_description', 'SEO description', { max_length: 500 }),
    ...(options.ogImage ? [image('og_image', 'Social sharing image', { alt: false })] : []),
    ...(options.imageset ? [mediaId('imageset', 'Image set')] : []),
  ]);
}

/** A page address on the site (`/about`). */
export function url(options: Common = {}): TextField {
  return text('url', 'URL', {
    max_length: 500,
    format: '^/[^\\s]*$',
    error_messages: { format: 'Enter the page address as a site path starting with /, e.g. /about.' },
    ...options,
  });
}
