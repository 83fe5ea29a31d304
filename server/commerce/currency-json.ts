import type { currencies } from './schema.ts';

/** A currency as the commerce API gives it (SPEC §7 currencies; also the format every price is written in). */
export interface CurrencyJson {
  id: string;
  currency_code: string;
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  token_location: 'left' | 'right';
  is_default: boolean;
}

/** A `currencies` row as the API's currency (`is_default` when it is the region's `defaultCode`). */
export function currencyJson(row: typeof currencies.$inferSelect, defaultCode?: string): CurrencyJson {
  return {
    id: row.code,
    currency_code: row.code,
    token: row.token,
    decimal_token: row.decimalToken,
    thousands_token: row.thousandsToken,
    decimal_places: row.decimalPlaces,
    token_location: row.tokenLocation,
    is_default: row.code === defaultCode,
  };
}
