import { data } from 'react-router';
import { z } from 'zod';

const customerId = z.coerce.number().int().positive().max(2_147_483_647);

/** The customer id of a back-office path, or a 404 that carries no back-office data. */
export function customerIdOf(params: { customerId?: string }): number {
  const parsed = customerId.safeParse(params.customerId);
  if (!parsed.success) throw data({ message: 'No such customer.' }, { status: 404 });
  return parsed.data;
}
