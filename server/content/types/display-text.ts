/** Field schemas of display text: one UI string per entry (keyed by its lower-cased title), and lists of them. */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { contentType, multiline, reference } from './fields.ts';

export const displayText: ContentTypeSchema = contentType(
  'display_text',
  'Display text',
  'One UI string, keyed by its lower-cased title.',
  [multiline('text', 'Text', { mandatory: true, max_length: 2000 })],
  { titleName: 'Key' },
);

export const duplicateDisplayText: ContentTypeSchema = contentType(
  'duplicate_display_text',
  'Duplicate display text',
  'A reusable list of display text inputs.',
  [reference('display_text_input', 'Display texts', ['display_text'], { many: true })],
);
