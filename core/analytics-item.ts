/**
 * Analytics item (SPEC §3, §7): the ecommerce item pushed with view_item_list and select_item.
 */

export interface AnalyticsItem {
  item_name: string;
  item_id: string;
  bc_item_id: string;
  bc_parent_item_id: string;
  quantity: number;
  price: number;
  discount: number;
}

export interface AnalyticsItemInput {
  name: string;
  /** Content uid or sku. */
  id: string | number;
  bcItemId?: string | number | null;
  bcParentItemId?: string | number | null;
  quantity?: number | null;
  originalPrice?: number | null;
  salePrice?: number | null;
}

/** Two decimals, so float noise (229 − 179.99) does not reach the analytics. */
const money = (value: number) => Math.round(value * 100) / 100;

/**
 * §3: discount is the original price minus the sale price when a sale price exists, else 0. The price is what
 * the shopper pays: the sale price when there is one.
 */
export function toAnalyticsItem(input: AnalyticsItemInput): AnalyticsItem {
  const original = input.originalPrice ?? 0;
  const hasSale = typeof input.salePrice === 'number';
  return {
    item_name: input.name,
    item_id: String(input.id),
    bc_item_id: input.bcItemId == null ? '' : String(input.bcItemId),
    bc_parent_item_id: input.bcParentItemId == null ? '' : String(input.bcParentItemId),
    quantity: input.quantity ?? 1,
    price: money(hasSale ? (input.salePrice as number) : original),
    discount: hasSale ? money(original - (input.salePrice as number)) : 0,
  };
}

/** §9 add-on list id, and the list fields of view_item_list and select_item. */
export function itemListEvent(
  event: 'view_item_list' | 'select_item',
  list: { id: string; name: string },
  items: readonly AnalyticsItem[],
) {
  return { event, ecommerce: { item_list_id: list.id, item_list_name: list.name, items: [...items] } };
}
