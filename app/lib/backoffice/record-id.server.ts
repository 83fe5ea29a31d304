import { data } from 'react-router';
import { z } from 'zod';

const recordId = z.coerce.number().int().positive().max(2_147_483_647);

/** The record id of a back-office path, or a 404 (saying `message`) that carries no back-office data. */
export function recordIdOf(value: string | undefined, message: string): number {
  const parsed = recordId.safeParse(value);
  if (!parsed.success) throw data({ message }, { status: 404 });
  return parsed.data;
}

/** The product id of a product's back-office pages (its overview and each tab). */
export const productIdOf = (params: { productId?: string }) =>
  recordIdOf(params.productId, 'There is no such product.');
