import { z } from 'zod';
import { STOCK_STATES } from './stock-state.ts';

/**
 * The back office's product list filter (issue 20): a search (name or SKU), category, published, stock state and
 * the §3 flags, one keyset page at a time (`after`: the last product id of the page before).
 */

export const PRODUCT_LIST_DEFAULT_LIMIT = 50;
export const PRODUCT_LIST_MAX_LIMIT = 200;

/** Empty form fields mean 'no filter'. */
const blankIsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const yesNo = z.preprocess(
  blankIsMissing,
  z
    .enum(['yes', 'no'], { error: 'Choose yes or no' })
    .transform((value) => value === 'yes')
    .optional(),
);

export const productListFilterSchema = z.object({
  q: z.preprocess(
    blankIsMissing,
    z.string().trim().min(1).max(200, 'Search at most 200 characters').optional(),
  ),
  category: z.preprocess(blankIsMissing, z.coerce.number().int().positive('Unknown category').optional()),
  published: yesNo,
  stock: z.preprocess(blankIsMissing, z.enum(STOCK_STATES, { error: 'Choose in, low or out' }).optional()),
  isNew: yesNo,
  redesigned: yesNo,
  onSale: yesNo,
  after: z.preprocess(blankIsMissing, z.coerce.number().int().min(0, 'Not a page of this list').optional()),
  limit: z.preprocess(
    blankIsMissing,
    z.coerce.number().int().min(1).max(PRODUCT_LIST_MAX_LIMIT).default(PRODUCT_LIST_DEFAULT_LIMIT),
  ),
});

export type ProductListFilter = z.infer<typeof productListFilterSchema>;

export function parseProductListFilter(params: URLSearchParams) {
  return productListFilterSchema.safeParse(Object.fromEntries(params));
}
