/**
 * The customer store state of SPEC §3, its logged-out value (§4 logout) and the pro status reading (§7).
 */
import { type CurrencyFormatSettings, formatCurrency } from './currency-format.ts';
import type { Customer } from './customer.ts';
import type { CustomerGroup, DiscountRule } from './discount-rules.ts';

/** §9 default pro brand spend limit. */
export const DEFAULT_BRAND_SPEND_LIMIT = 3000;

export interface CustomerState {
  customer: Customer | null;
  isPro: boolean;
  customerGroup: CustomerGroup | null;
  customerDiscount: readonly DiscountRule[];
  proCurrentSpend: number;
  proExpirationDate: string | null;
  isEmployee: boolean;
  brandSpendLimit: number;
}

/** Logout (§4) clears every customer and pro field back to this. */
export function loggedOutCustomerState(): CustomerState {
  return {
    customer: null,
    isPro: false,
    customerGroup: null,
    customerDiscount: [],
    proCurrentSpend: 0,
    proExpirationDate: null,
    isEmployee: false,
    brandSpendLimit: DEFAULT_BRAND_SPEND_LIMIT,
  };
}

export interface ProStatusResponse {
  order_total?: number | string | null;
  expiration_date?: string | null;
  employee_group?: unknown;
  spend_limit?: number | string | null;
}

export type ProStatus = Pick<
  CustomerState,
  'proCurrentSpend' | 'proExpirationDate' | 'isEmployee' | 'brandSpendLimit'
>;

function numberOr(value: number | string | null | undefined, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isFinite(number) ? number : fallback;
}

/**
 * The employee flag (§6) arrives as employee_group, whose type the spec does not give: booleans, numbers and
 * the usual spellings of yes/no are all read, and anything else is not an employee.
 */
export function isEmployeeFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['true', '1', 'yes', 'y'].includes(value.trim().toLowerCase());
  return false;
}

export function proStatusFrom(response: ProStatusResponse | null | undefined): ProStatus {
  return {
    proCurrentSpend: numberOr(response?.order_total, 0),
    proExpirationDate: response?.expiration_date || null,
    isEmployee: isEmployeeFlag(response?.employee_group),
    brandSpendLimit: numberOr(response?.spend_limit, DEFAULT_BRAND_SPEND_LIMIT),
  };
}

/** Pro status as the pro page shows it (§3): money formatted in the region's currency. */
export interface ProSummary {
  spend: string;
  limit: string;
  remaining: string;
  /** Spend against the limit, 0 to 1 (1 when the limit is 0). */
  progress: number;
  expires: string | null;
  employee: boolean;
}

export function proSummaryOf(
  status: {
    order_total: number;
    spend_limit: number;
    expiration_date: string | null;
    employee_group: boolean;
  },
  format: CurrencyFormatSettings,
): ProSummary {
  const money = (value: number) => formatCurrency(value, format);
  return {
    spend: money(status.order_total),
    limit: money(status.spend_limit),
    remaining: money(Math.max(0, status.spend_limit - status.order_total)),
    progress: status.spend_limit > 0 ? Math.min(1, status.order_total / status.spend_limit) : 1,
    expires: status.expiration_date,
    employee: status.employee_group,
  };
}
