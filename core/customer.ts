/**
 * The customer entity of SPEC §3, read from a commerce record that may use either field spelling
 * (firstName or first_name, groupId or customer_group_id).
 */
import { isProCodeInfo, type ProCodeInfo, type ProCodeSource, proCodeInfoOf } from './pro-code.ts';

export interface Customer {
  id: number | string;
  email: string;
  firstName: string;
  lastName: string;
  groupId: number | null;
  notes: string;
  isPro: boolean;
  proCodeInfo: ProCodeInfo | null;
}

export interface CustomerRecord extends ProCodeSource {
  id: number | string;
  email?: string | null;
  firstName?: string | null;
  first_name?: string | null;
  lastName?: string | null;
  last_name?: string | null;
  groupId?: number | string | null;
  customer_group_id?: number | string | null;
}

function groupIdOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) ? id : null;
}

export function toCustomer(record: CustomerRecord): Customer {
  const proCodeInfo = proCodeInfoOf(record);
  return {
    id: record.id,
    email: record.email ?? '',
    firstName: record.firstName ?? record.first_name ?? '',
    lastName: record.lastName ?? record.last_name ?? '',
    groupId: groupIdOf(record.groupId ?? record.customer_group_id),
    notes: record.notes ?? '',
    isPro: isProCodeInfo(proCodeInfo),
    proCodeInfo,
  };
}
