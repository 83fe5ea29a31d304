/**
 * Field schema of a dealer of the store locator: address, coordinates, services and opening hours. Its save rule
 * (server/content/management/dealer-rule.ts) places the dealer from the postal data the locator uses when the
 * coordinates are empty or the postal code changed, and checks the opening hours row by row.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { OPENING_DAYS } from '#core/dealer-entry.ts';
import {
  COUNTRY_CODE_FORMAT,
  contentType,
  group,
  number,
  regions,
  select,
  TIME_FORMAT,
  text,
  WEB_ADDRESS_FORMAT,
} from './fields.ts';

export const DEALER_SERVICES = ['retail', 'demo', 'rental'];

export const dealer: ContentTypeSchema = contentType(
  'dealer',
  'Dealer',
  'A store that sells the brand, with its location.',
  [
    group(
      'address',
      'Address',
      [
        text('street_address', 'Street address', { mandatory: true, max_length: 200 }),
        text('city', 'City', { mandatory: true, max_length: 100 }),
        text('state', 'State or province', { max_length: 100 }),
        // Mandatory: the dealer's place on the map is looked up from it.
        text('postal_code', 'Postal code', { mandatory: true, max_length: 20 }),
        text('country', 'Country', { mandatory: true, max_length: 2, ...COUNTRY_CODE_FORMAT }),
      ],
      { mandatory: true },
    ),
    group(
      'location',
      'Coordinates',
      [
        // Not mandatory: left empty, they are looked up from the postal code at save.
        number('lat', 'Latitude', { min: -90, max: 90 }),
        number('lng', 'Longitude', { min: -180, max: 180 }),
      ],
      {
        description:
          'Leave empty to place the dealer from its postal code; looked up again when the postal code changes.',
      },
    ),
    text('phone', 'Phone', { max_length: 40 }),
    text('website', 'Website', { max_length: 500, ...WEB_ADDRESS_FORMAT }),
    select('services', 'Services', DEALER_SERVICES, { multiple: true }),
    regions(),
    group(
      'hours_of_operation',
      'Opening hours',
      [
        select('days_of_week', 'Days', OPENING_DAYS, { mandatory: true }),
        text('opening_time', 'Opens', { mandatory: true, max_length: 5, ...TIME_FORMAT }),
        text('closing_time', 'Closes', { mandatory: true, max_length: 5, ...TIME_FORMAT }),
      ],
      { multiple: true, max_instance: OPENING_DAYS.length },
    ),
  ],
  { titleName: 'Name' },
);
