/**
 * Field schema of the banner (SPEC §3 banner, §5 published rule): copy over an image or video background, with
 * hotspots and call-to-action buttons. The background is an image descriptor (media id + alt text) like every
 * image of the content; the storefront shows a banner only with a background and its media id, so both are
 * required.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import type { HotspotDataType } from '#core/hotspots.ts';
import {
  ASPECT_RATIO_FORMAT,
  boolean,
  contentType,
  group,
  HEX_COLOUR_FORMAT,
  HREF_FORMAT,
  LINK_KINDS,
  LINKED_CONTENT_TYPES,
  mediaId,
  multiline,
  number,
  reference,
  select,
  text,
} from './fields.ts';

export const BANNER_LAYOUTS = [
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
  'center',
  'middle-center',
];
export const BANNER_BUTTON_CLASSES = ['primary', 'secondary'];
const HOTSPOT_DATA_TYPES: HotspotDataType[] = ['product', 'page', 'manual'];

const hotspot = group(
  'hotspots',
  'Hotspots',
  [
    text('id', 'Hotspot id', { mandatory: true, max_length: 100 }),
    text('title', 'Title', {
      max_length: 200,
      description: 'A hotspot without a title is not shown (SPEC §5).',
    }),
    multiline('description', 'Description', { max_length: 500 }),
    select('dataType', 'Links to', HOTSPOT_DATA_TYPES, { mandatory: true, display_type: 'radio' }),
    reference('product', 'Product', ['product']),
    reference('page', 'Page', ['page']),
    text('href', 'Address', { max_length: 2000, ...HREF_FORMAT }),
    mediaId('ampId', 'Image'),
    group(
      'points',
      'Position',
      [
        number('x', 'Across (0 to 1)', { mandatory: true, min: 0, max: 1 }),
        number('y', 'Down (0 to 1)', { mandatory: true, min: 0, max: 1 }),
      ],
      { mandatory: true },
    ),
    text('ctaCopy', 'Button text', { max_length: 100 }),
    text('fontColor', 'Text colour', HEX_COLOUR_FORMAT),
    text('backgroundColor', 'Background colour', HEX_COLOUR_FORMAT),
    group('manual', 'Manual link', [
      text('title', 'Title', { max_length: 200 }),
      multiline('description', 'Description', { max_length: 500 }),
      text('href', 'Address', { max_length: 2000, ...HREF_FORMAT }),
      mediaId('ampId', 'Image'),
    ]),
  ],
  { multiple: true, max_instance: 12 },
);

const background = (() => {
  const field = group(
    'background',
    'Background',
    [
      select('type', 'Kind', ['Image', 'Video'], { mandatory: true, display_type: 'radio' }),
      mediaId('amplience_id', 'Image or video', { mandatory: true }),
      mediaId('imageset', 'Poster image', {
        description: 'For a video: the image shown before it plays.',
      }),
      text('alt_text', 'Alt text', { max_length: 300 }),
      boolean('banner_zoom', 'Zoom on hover'),
      text('desktop_aspect_ratio', 'Desktop aspect ratio', { max_length: 20, ...ASPECT_RATIO_FORMAT }),
      text('mobile_aspect_ratio', 'Mobile aspect ratio', { max_length: 20, ...ASPECT_RATIO_FORMAT }),
      group('content', 'Hotspot layer', [
        mediaId('amplienceId', 'Image'),
        boolean('enableHotspots', 'Show hotspots'),
        hotspot,
      ]),
    ],
    { mandatory: true },
  );
  return { ...field, field_metadata: { ...field.field_metadata, image: true } };
})();

export const banner: ContentTypeSchema = contentType(
  'banner',
  'Banner',
  'Image or video banner with copy, hotspots and buttons.',
  [
    multiline('content', 'Text', { max_length: 1000 }),
    select('content_layout', 'Text position', BANNER_LAYOUTS),
    boolean('dark_overlay_on_banner_image', 'Dark overlay on the image'),
    boolean('disable_link', 'No links'),
    boolean('wrap_copy', 'Wrap the text'),
    background,
    group(
      'cta_button_global',
      'Buttons',
      [
        text('button_text', 'Button text', {
          max_length: 100,
          description: 'A button without text is not shown.',
        }),
        select('button_class', 'Style', BANNER_BUTTON_CLASSES),
        select('type', 'Link kind', LINK_KINDS),
        text('external_link', 'External address', { max_length: 2000, ...HREF_FORMAT }),
        group('internal_link', 'Internal link', [
          text('href', 'Address', { max_length: 2000, ...HREF_FORMAT }),
          select('content_type', 'Links to', LINKED_CONTENT_TYPES),
        ]),
        boolean('disable_link', 'No link'),
        boolean('new_tab', 'Open in a new tab'),
      ],
      { multiple: true, max_instance: 4 },
    ),
  ],
);
