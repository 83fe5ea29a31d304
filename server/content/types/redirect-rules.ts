/**
 * Field schema of the legacy redirect rules (SPEC §2): one entry, 'legacy', that the server follows once it is
 * published. Its save rule (server/content/management/redirect-rules-rule.ts) refuses loops, chains past the
 * redirect limit and external hosts off the allow-list, naming the chain.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { SITE_PATH_PATTERN } from '#core/redirect-rules.ts';
import { contentType, group, text } from './fields.ts';

const SITE_PATH = SITE_PATH_PATTERN.source;

export const redirectRules: ContentTypeSchema = contentType(
  'redirect_rules',
  'Redirect rules',
  'Legacy paths of the old site and the pages they open now (one entry, “legacy”).',
  [
    group(
      'rules',
      'Rule',
      [
        text('from', 'From', {
          mandatory: true,
          max_length: 500,
          format: SITE_PATH,
          error_messages: { format: 'Enter a site path starting with a single /, e.g. /dealers.' },
        }),
        group(
          'query',
          'Parameter condition',
          [
            text('key', 'Parameter', { mandatory: true, max_length: 100 }),
            text('value', 'Value', { mandatory: true, max_length: 200 }),
          ],
          { multiple: true, max_instance: 10 },
        ),
        text('to', 'To', {
          mandatory: true,
          max_length: 2000,
          format: `^(${SITE_PATH.slice(1, -1)}|https://[^\\s]+)$`,
          error_messages: { format: 'Enter a site path starting with a single /, or an https:// address.' },
        }),
      ],
      {
        multiple: true,
        max_instance: 500,
        description:
          'A visitor opening “From” (with every listed parameter) is sent to “To” in their locale. Rules that lead back to where they started, or to a host not listed below, are refused.',
      },
    ),
    text('allowed_external_hosts', 'Allowed external hosts', {
      multiple: true,
      max_instance: 50,
      max_length: 253,
      format: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$',
      error_messages: { format: 'Enter a host name such as www.example.com.' },
      description: 'Hosts of other sites a rule may send visitors to (https only).',
    }),
  ],
  { singleton: true },
);
