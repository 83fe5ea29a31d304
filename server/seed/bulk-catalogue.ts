import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

/**
 * Generated products for the catalogue bench and the CSV tests (issue 20): `count` products after the highest
 * id, each with one variant (SKU `BULK-<n>-STD`, a size option), prices in the three regions (every fourth on
 * sale), stock from 0 to 40 (every seventh sold out) and a place in one of the store's leaf categories. Written
 * set-based (a few statements whatever the count), on top of a seeded demo catalogue. Answers the new ids' range.
 */
export async function seedBulkProducts(
  db: Database,
  input: { count: number },
): Promise<{ firstId: number; lastId: number }> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [top] = await rows<{ max: number | null }>(sql`select max(id) as max from products`);
  const base = Number(top?.max ?? 0);
  const leaves = (
    await rows<{ id: number }>(
      sql`select c.id from categories c where not exists (select 1 from categories k where k.parent_id = c.id)
        order by c.id`,
    )
  ).map((row) => Number(row.id));
  const categoryIds = JSON.stringify(leaves);
  const options = JSON.stringify([
    {
      id: 9001,
      name: 'Size',
      displayName: 'Size',
      values: [{ entityId: 9001, label: 'Standard', hexColors: [], slug: 'standard' }],
    },
  ]);
  const optionValues = JSON.stringify([
    { id: 9001, label: 'Standard', option_id: 9001, option_display_name: 'Size' },
  ]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into products (id, slug, name, sku, description, category_id, image_kind,
        inventory_tracking, inventory_level, is_new, is_redesigned, options, custom_fields, sort_order)
      select ${base} + g, 'bulk-product-' || g, 'Bulk ' || (array['Trail', 'Summit', 'Ridge', 'Powder', 'Alpine'])[1 + g % 5]
          || ' ' || g, 'BULK-' || g, 'A generated product.',
        (${categoryIds}::jsonb ->> (g % ${leaves.length}))::integer,
        (select image_kind from products order by id limit 1),
        'variant', case when g % 7 = 0 then 0 else g % 41 end, g % 5 = 0, g % 11 = 0,
        ${options}::jsonb, '[]'::jsonb, 100000 + g
      from generate_series(1, ${input.count}) g`);
    await tx.execute(sql`insert into variants (product_id, sku, option_values, inventory_level)
      select ${base} + g, 'BULK-' || g || '-STD', ${optionValues}::jsonb, case when g % 7 = 0 then 0 else g % 41 end
      from generate_series(1, ${input.count}) g`);
    await tx.execute(sql`insert into product_prices (product_id, region_id, retail_price, sale_price)
      select ${base} + g, r.region, r.factor * (50 + g % 200), case when g % 4 = 0 then r.factor * (40 + g % 200) end
      from generate_series(1, ${input.count}) g
      cross join (values ('us', 1.0), ('ca', 1.35), ('eu_region_1', 0.95)) as r(region, factor)`);
    await tx.execute(sql`insert into product_categories (product_id, category_id, sort_order)
      select id, category_id, sort_order from products where id > ${base}`);
  });
  return { firstId: base + 1, lastId: base + input.count };
}
