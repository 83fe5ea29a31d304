/**
 * State and province options (SPEC §3 state option: text, value slug) for address forms and the commerce
 * engine: the 50 US states with DC and Puerto Rico, and the 13 Canadian provinces and territories (§9).
 * `code` is the two-letter postal abbreviation the commerce platform stores.
 */

export interface StateOption {
  text: string;
  value: string;
  code: string;
}

export const US_STATES: readonly StateOption[] = [
  { text: 'Alabama', value: 'alabama', code: 'AL' },
  { text: 'Alaska', value: 'alaska', code: 'AK' },
  { text: 'Arizona', value: 'arizona', code: 'AZ' },
  { text: 'Arkansas', value: 'arkansas', code: 'AR' },
  { text: 'California', value: 'california', code: 'CA' },
  { text: 'Colorado', value: 'colorado', code: 'CO' },
  { text: 'Connecticut', value: 'connecticut', code: 'CT' },
  { text: 'Delaware', value: 'delaware', code: 'DE' },
  { text: 'District of Columbia', value: 'district-of-columbia', code: 'DC' },
  { text: 'Florida', value: 'florida', code: 'FL' },
  { text: 'Georgia', value: 'georgia', code: 'GA' },
  { text: 'Hawaii', value: 'hawaii', code: 'HI' },
  { text: 'Idaho', value: 'idaho', code: 'ID' },
  { text: 'Illinois', value: 'illinois', code: 'IL' },
  { text: 'Indiana', value: 'indiana', code: 'IN' },
  { text: 'Iowa', value: 'iowa', code: 'IA' },
  { text: 'Kansas', value: 'kansas', code: 'KS' },
  { text: 'Kentucky', value: 'kentucky', code: 'KY' },
  { text: 'Louisiana', value: 'louisiana', code: 'LA' },
  { text: 'Maine', value: 'maine', code: 'ME' },
  { text: 'Maryland', value: 'maryland', code: 'MD' },
  { text: 'Massachusetts', value: 'massachusetts', code: 'MA' },
  { text: 'Michigan', value: 'michigan', code: 'MI' },
  { text: 'Minnesota', value: 'minnesota', code: 'MN' },
  { text: 'Mississippi', value: 'mississippi', code: 'MS' },
  { text: 'Missouri', value: 'missouri', code: 'MO' },
  { text: 'Montana', value: 'montana', code: 'MT' },
  { text: 'Nebraska', value: 'nebraska', code: 'NE' },
  { text: 'Nevada', value: 'nevada', code: 'NV' },
  { text: 'New Hampshire', value: 'new-hampshire', code: 'NH' },
  { text: 'New Jersey', value: 'new-jersey', code: 'NJ' },
  { text: 'New Mexico', value: 'new-mexico', code: 'NM' },
  { text: 'New York', value: 'new-york', code: 'NY' },
  { text: 'North Carolina', value: 'north-carolina', code: 'NC' },
  { text: 'North Dakota', value: 'north-dakota', code: 'ND' },
  { text: 'Ohio', value: 'ohio', code: 'OH' },
  { text: 'Oklahoma', value: 'oklahoma', code: 'OK' },
  { text: 'Oregon', value: 'oregon', code: 'OR' },
  { text: 'Pennsylvania', value: 'pennsylvania', code: 'PA' },
  { text: 'Puerto Rico', value: 'puerto-rico', code: 'PR' },
  { text: 'Rhode Island', value: 'rhode-island', code: 'RI' },
  { text: 'South Carolina', value: 'south-carolina', code: 'SC' },
  { text: 'South Dakota', value: 'south-dakota', code: 'SD' },
  { text: 'Tennessee', value: 'tennessee', code: 'TN' },
  { text: 'Texas', value: 'texas', code: 'TX' },
  { text: 'Utah', value: 'utah', code: 'UT' },
  { text: 'Vermont', value: 'vermont', code: 'VT' },
  { text: 'Virginia', value: 'virginia', code: 'VA' },
  { text: 'Washington', value: 'washington', code: 'WA' },
  { text: 'West Virginia', value: 'west-virginia', code: 'WV' },
  { text: 'Wisconsin', value: 'wisconsin', code: 'WI' },
  { text: 'Wyoming', value: 'wyoming', code: 'WY' },
];

export const CA_PROVINCES: readonly StateOption[] = [
  { text: 'Alberta', value: 'alberta', code: 'AB' },
  { text: 'British Columbia', value: 'british-columbia', code: 'BC' },
  { text: 'Manitoba', value: 'manitoba', code: 'MB' },
  { text: 'New Brunswick', value: 'new-brunswick', code: 'NB' },
  { text: 'Newfoundland and Labrador', value: 'newfoundland-and-labrador', code: 'NL' },
  { text: 'Northwest Territories', value: 'northwest-territories', code: 'NT' },
  { text: 'Nova Scotia', value: 'nova-scotia', code: 'NS' },
  { text: 'Nunavut', value: 'nunavut', code: 'NU' },
  { text: 'Ontario', value: 'ontario', code: 'ON' },
  { text: 'Prince Edward Island', value: 'prince-edward-island', code: 'PE' },
  { text: 'Quebec', value: 'quebec', code: 'QC' },
  { text: 'Saskatchewan', value: 'saskatchewan', code: 'SK' },
  { text: 'Yukon', value: 'yukon', code: 'YT' },
];

/** State options of a country; empty for countries whose addresses carry no state list. */
export function statesOf(country: string): readonly StateOption[] {
  switch (country.toLowerCase()) {
    case 'us':
      return US_STATES;
    case 'ca':
      return CA_PROVINCES;
    default:
      return [];
  }
}

export function stateByCode(country: string, code: string): StateOption | undefined {
  const wanted = code.toUpperCase();
  return statesOf(country).find((state) => state.code === wanted);
}
