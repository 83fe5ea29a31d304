import { describe, expect, it } from 'vitest';
import { itemListEvent, toAnalyticsItem } from './analytics-item.ts';

describe('§3 analytics item', () => {
  it('sets discount to original price minus sale price when a sale price exists', () => {
    expect(
      toAnalyticsItem({
        name: 'Trail 24',
        id: 'trail-24',
        bcItemId: 101,
        bcParentItemId: 100,
        quantity: 2,
        originalPrice: 229,
        salePrice: 179.99,
      }),
    ).toEqual({
      item_name: 'Trail 24',
      item_id: 'trail-24',
      bc_item_id: '101',
      bc_parent_item_id: '100',
      quantity: 2,
      price: 179.99,
      discount: 49.01,
    });
  });

  it('sets discount to 0 without a sale price', () => {
    const item = toAnalyticsItem({ name: 'Poles', id: 7, originalPrice: 89, salePrice: null });
    expect(item).toMatchObject({
      price: 89,
      discount: 0,
      quantity: 1,
      item_id: '7',
      bc_item_id: '',
      bc_parent_item_id: '',
    });
  });

  it('counts a sale price of 0 as a sale', () => {
    expect(toAnalyticsItem({ name: 'Gift', id: 'g', originalPrice: 10, salePrice: 0 })).toMatchObject({
      price: 0,
      discount: 10,
    });
    expect(toAnalyticsItem({ name: 'Gift', id: 'g' })).toMatchObject({ price: 0, discount: 0 });
  });
});

describe('§7 item list events', () => {
  it('carry item_list_id, item_list_name and items', () => {
    const item = toAnalyticsItem({ name: 'Poles', id: 7, originalPrice: 89 });
    expect(itemListEvent('select_item', { id: 'add_on_products', name: 'Add-ons' }, [item])).toEqual({
      event: 'select_item',
      ecommerce: { item_list_id: 'add_on_products', item_list_name: 'Add-ons', items: [item] },
    });
  });
});
