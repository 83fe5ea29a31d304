/**
 * The `redirect_rules` content type (SPEC §2 legacy paths): one entry, 'legacy', that the server follows once it
 * is published. Its rule (server/content/management/redirect-rules-rule.ts) refuses loops and external hosts off
 * the allow-list at save.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { SITE_PATH_PATTERN } from '#core/redirect-rules.ts';

const SITE_PATH = SITE_PATH_PATTERN.source;

export const REDIRECT_RULES_TYPE: ContentTypeSchema = {
  uid: 'redirect_rules',
  title: 'Redirect rules',
  description: 'Legacy paths of the old site and the pages they now open (one entry, “legacy”).',
  options: { singleton: true, title: 'title' },
  schema: [
    { uid: 'title', data_type: 'text', display_name: 'Title', mandatory: true, max_length: 200 },
    {
      uid: 'rules',
      data_type: 'group',
      display_name: 'Rules',
      multiple: true,
      max_instance: 500,
      field_metadata: {
        description:
          'A visitor opening “From” (with every listed parameter) is sent to “To” in their locale. A rule that leads back to where it started, or to a host not listed below, is refused.',
      },
      schema: [
        {
          uid: 'from',
          data_type: 'text',
          display_name: 'From',
          mandatory: true,
          format: SITE_PATH,
          error_messages: { format: 'must be a site path starting with a single /, e.g. /dealers' },
          max_length: 500,
        },
        {
          uid: 'query',
          data_type: 'group',
          display_name: 'Only with these parameters',
          multiple: true,
          max_instance: 10,
          schema: [
            { uid: 'key', data_type: 'text', display_name: 'Parameter', mandatory: true, max_length: 100 },
            { uid: 'value', data_type: 'text', display_name: 'Value', mandatory: true, max_length: 200 },
          ],
        },
        {
          uid: 'to',
          data_type: 'text',
          display_name: 'To',
          mandatory: true,
          format: `^(${SITE_PATH.slice(1, -1)}|https://[^\\s]+)$`,
          error_messages: { format: 'must be a site path starting with a single /, or an https:// address' },
          max_length: 2000,
        },
      ],
    },
    {
      uid: 'allowed_external_hosts',
      data_type: 'text',
      display_name: 'Allowed external hosts',
      multiple: true,
      max_instance: 50,
      format: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$',
      error_messages: { format: 'must be a host name such as www.example.com' },
      max_length: 253,
      field_metadata: { description: 'Hosts of other sites a rule may send visitors to (https only).' },
    },
  ],
};
