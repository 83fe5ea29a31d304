import { stringify } from 'csv-stringify/sync';
import { csvSafeCell } from '#core/order-filter.ts';

/**
 * RFC 4180 CSV (csv-stringify) with every cell a spreadsheet would run as a formula quoted and defused: what
 * every back-office export (orders, catalogue) writes.
 */
export function toCsv(records: readonly (readonly string[])[]): string {
  return stringify(records as string[][], {
    record_delimiter: '\r\n',
    cast: {
      string: (value) => {
        const safe = csvSafeCell(value);
        return safe.guarded ? { value: safe.value, quoted: true } : safe.value;
      },
    },
  });
}
