/**
 * Pro code info (SPEC §3, §4): JSON held in the customer's 'Pro Code' form field or in notes. A customer is
 * pro when its region starts with 'pro'.
 */

export const PRO_CODE_FIELD = 'Pro Code';

export interface ProCodeInfo {
  region?: string;
  [key: string]: unknown;
}

export interface ProCodeSource {
  notes?: string | null;
  form_fields?: ReadonlyArray<{ name: string; value?: unknown }> | null;
}

function asProCodeInfo(value: unknown): ProCodeInfo | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      // Free-text notes are common; text that is not JSON simply carries no pro code.
      return null;
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as ProCodeInfo)
    : null;
}

/** The form field wins; notes are read when the field is absent or unreadable. */
export function proCodeInfoOf(customer: ProCodeSource | null | undefined): ProCodeInfo | null {
  if (!customer) return null;
  const field = customer.form_fields?.find((entry) => entry.name === PRO_CODE_FIELD);
  return asProCodeInfo(field?.value) ?? asProCodeInfo(customer.notes);
}

export function isProCodeInfo(info: ProCodeInfo | null | undefined): boolean {
  return typeof info?.region === 'string' && info.region.startsWith('pro');
}
