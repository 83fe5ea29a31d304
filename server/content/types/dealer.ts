/**
 * The `dealer` content type: a store of the dealer locator (SPEC §2 /stores), field names as the seed's dealer
 * entries have them. Its rule (server/content/management/dealer-rule.ts) places the dealer from the postal data
 * the locator uses when the coordinates are empty or the postal code changed, and checks the opening hours.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { CLOCK_TIME, OPENING_DAYS } from '#core/dealer-entry.ts';

const choices = (values: readonly string[]) => ({
  advanced: false as const,
  choices: values.map((value) => ({ value })),
});

export const DEALER_TYPE: ContentTypeSchema = {
  uid: 'dealer',
  title: 'Dealer',
  description: 'A store that sells the brand, with its location.',
  options: { singleton: false, title: 'title' },
  schema: [
    { uid: 'title', data_type: 'text', display_name: 'Name', mandatory: true, max_length: 200 },
    {
      uid: 'address',
      data_type: 'group',
      display_name: 'Address',
      mandatory: true,
      schema: [
        {
          uid: 'street_address',
          data_type: 'text',
          display_name: 'Street address',
          mandatory: true,
          max_length: 200,
        },
        { uid: 'city', data_type: 'text', display_name: 'City', mandatory: true, max_length: 100 },
        { uid: 'state', data_type: 'text', display_name: 'State or province', max_length: 100 },
        {
          uid: 'postal_code',
          data_type: 'text',
          display_name: 'Postal code',
          mandatory: true,
          max_length: 20,
          field_metadata: { description: 'Places the dealer on the map when the coordinates are empty.' },
        },
        {
          uid: 'country',
          data_type: 'text',
          display_name: 'Country',
          mandatory: true,
          format: '^[a-z]{2}$',
          error_messages: { format: 'must be a two-letter country code in lower case, e.g. us' },
          max_length: 2,
        },
      ],
    },
    {
      uid: 'location',
      data_type: 'group',
      display_name: 'Coordinates',
      field_metadata: {
        description:
          'Leave empty to place the dealer from its postal code; looked up again when the postal code changes.',
      },
      schema: [
        { uid: 'lat', data_type: 'number', display_name: 'Latitude', min: -90, max: 90 },
        { uid: 'lng', data_type: 'number', display_name: 'Longitude', min: -180, max: 180 },
      ],
    },
    { uid: 'phone', data_type: 'text', display_name: 'Phone', max_length: 40 },
    {
      uid: 'website',
      data_type: 'text',
      display_name: 'Website',
      format: '^https://[^\\s]+$',
      error_messages: { format: 'must be an https:// address' },
      max_length: 500,
    },
    {
      uid: 'services',
      data_type: 'text',
      display_name: 'Services',
      multiple: true,
      display_type: 'dropdown',
      enum: choices(['retail', 'rental', 'demo']),
    },
    {
      uid: 'regions',
      data_type: 'text',
      display_name: 'Content regions',
      multiple: true,
      format: '^[a-z0-9_]+$',
      error_messages: { format: 'must be the uid of a content region, e.g. eu_region_1' },
      max_length: 60,
      field_metadata: { description: 'The content regions whose store locator lists this dealer.' },
    },
    {
      uid: 'hours_of_operation',
      data_type: 'group',
      display_name: 'Opening hours',
      multiple: true,
      max_instance: OPENING_DAYS.length,
      schema: [
        {
          uid: 'days_of_week',
          data_type: 'text',
          display_name: 'Days',
          mandatory: true,
          display_type: 'dropdown',
          enum: choices(OPENING_DAYS),
        },
        {
          uid: 'opening_time',
          data_type: 'text',
          display_name: 'Opens',
          mandatory: true,
          format: CLOCK_TIME.source,
          error_messages: { format: 'must be a time as HH:MM (24-hour clock), e.g. 09:00' },
        },
        {
          uid: 'closing_time',
          data_type: 'text',
          display_name: 'Closes',
          mandatory: true,
          format: CLOCK_TIME.source,
          error_messages: { format: 'must be a time as HH:MM (24-hour clock), e.g. 18:00' },
        },
      ],
    },
  ],
};
