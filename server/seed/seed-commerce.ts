import { asc, inArray, sql } from 'drizzle-orm';
import { placedStanding, standingOf } from '#core/order-standing.ts';
import { mediaIdOfPath } from '#core/product-image.ts';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_PRODUCTS,
  type CatalogueProduct,
  CUSTOMER_GROUPS,
  catalogueImagePath,
  catalogueProductId,
  DEMO_CUSTOMERS,
  DEMO_ORDERS,
  type PriceRegion,
  regionalPrice,
  SHIPPING_SETTINGS,
  SHIPPING_ZONES,
} from '../../seed/catalogue/index.ts';
import { hashPassword } from '../commerce/passwords.ts';
import {
  categories,
  type ProductOptionRecord,
  productCategories,
  productPrices,
  products,
  type VariantOptionValueRecord,
  variants,
} from '../commerce/schema-catalogue.ts';
import { addresses, customerGroups, customers } from '../commerce/schema-customers.ts';
import {
  type OrderAddressRecord,
  orderItems,
  orders,
  shipments,
  shippingMethods,
  shippingSettings,
  shippingZones,
} from '../commerce/schema-sales.ts';
import type { Database } from '../db/database.ts';

const REGIONS: PriceRegion[] = ['us', 'ca', 'eu_region_1'];
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Deterministic 0..n-1 from a string, so the demo stock levels are the same on every machine. */
function stableNumber(text: string, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % n;
}

function categoryIdOf(path: string): number {
  const category = CATALOGUE_CATEGORIES.find((entry) => entry.path === path);
  if (!category) throw new Error(`Unknown category ${path}`);
  return category.id;
}

interface ProductRows {
  product: typeof products.$inferInsert;
  categoryIds: number[];
  variants: (typeof variants.$inferInsert)[];
  prices: (typeof productPrices.$inferInsert)[];
}

function productRows(
  source: CatalogueProduct,
  id: number,
  slug: string,
  sku: string,
  sortOrder: number,
): ProductRows {
  const colourOption: ProductOptionRecord = {
    id: id * 10 + 1,
    name: 'Color',
    displayName: 'Color',
    values: source.colours.map((colour, index) => ({
      entityId: id * 100 + index + 1,
      label: colour.label,
      hexColors: [colour.hex],
      slug: colour.slug,
      image: mediaIdOfPath(catalogueImagePath(source.slug, colour.slug)),
    })),
  };
  const sizeOption: ProductOptionRecord | null = source.sizes.length
    ? {
        id: id * 10 + 2,
        name: 'Size',
        displayName: 'Size',
        values: source.sizes.map((size, index) => ({
          entityId: id * 100 + 50 + index + 1,
          label: size,
          hexColors: [],
          slug: size.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        })),
      }
    : null;
  const options = sizeOption ? [colourOption, sizeOption] : [colourOption];
  const variantRows: (typeof variants.$inferInsert)[] = [];
  const sizeValues = sizeOption?.values ?? [null];
  for (const colour of colourOption.values) {
    for (const size of sizeValues) {
      const optionValues: VariantOptionValueRecord[] = [
        {
          id: colour.entityId,
          label: colour.label,
          option_id: colourOption.id,
          option_display_name: 'Color',
        },
      ];
      if (size && sizeOption)
        optionValues.push({
          id: size.entityId,
          label: size.label,
          option_id: sizeOption.id,
          option_display_name: 'Size',
        });
      const variantSku = [sku, colour.slug, size?.slug].filter(Boolean).join('-').toUpperCase();
      variantRows.push({
        productId: id,
        sku: variantSku,
        optionValues,
        inventoryLevel: source.outOfStock ? 0 : 2 + stableNumber(variantSku, 38),
        purchasingDisabled: false,
        thumbnail: catalogueImagePath(source.slug, colour.slug),
      });
    }
  }
  const level = variantRows.reduce((sum, row) => sum + (row.inventoryLevel ?? 0), 0);
  const main = categoryIdOf(source.categoryPath);
  const parent = CATALOGUE_CATEGORIES.find((entry) => entry.id === main)?.parentId;
  const customFields = source.specs.map((spec, index) => ({
    id: id * 100 + index + 1,
    name: spec.name,
    value: spec.value,
  }));
  return {
    product: {
      id,
      slug,
      name: source.name,
      sku,
      description: source.description,
      categoryId: main,
      imageKind: source.imageKind,
      inventoryTracking: 'variant',
      inventoryLevel: level,
      availability: source.discontinued ? 'disabled' : 'available',
      isVisible: !source.discontinued,
      isNew: source.isNew ?? false,
      isRedesigned: source.isRedesigned ?? false,
      weight: source.category === 'snowshoes' ? 2.1 : 0.4,
      options,
      customFields,
      thumbnail: catalogueImagePath(source.slug, source.colours[0]!.slug),
      sortOrder,
    },
    categoryIds: parent ? [main, parent] : [main],
    variants: variantRows,
    prices: REGIONS.map((regionId) => ({
      productId: id,
      regionId,
      retailPrice: regionalPrice(source.priceUsd, regionId),
      salePrice: source.salePriceUsd === undefined ? null : regionalPrice(source.salePriceUsd, regionId),
    })),
  };
}

async function writeProducts(tx: Tx, rows: ProductRows[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    await tx
      .insert(products)
      .values(chunk.map((row) => row.product))
      .onConflictDoUpdate({
        target: products.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          categoryId: sql`excluded.category_id`,
          isNew: sql`excluded.is_new`,
          isRedesigned: sql`excluded.is_redesigned`,
          availability: sql`excluded.availability`,
          isVisible: sql`excluded.is_visible`,
          options: sql`excluded.options`,
          customFields: sql`excluded.custom_fields`,
          thumbnail: sql`excluded.thumbnail`,
        },
      });
    const memberships = chunk.flatMap((row) =>
      row.product.isVisible === false
        ? []
        : row.categoryIds.map((categoryId) => ({
            productId: row.product.id,
            categoryId,
            sortOrder: row.product.sortOrder ?? 0,
          })),
    );
    if (memberships.length)
      await tx
        .insert(productCategories)
        .values(memberships)
        .onConflictDoUpdate({
          target: [productCategories.categoryId, productCategories.productId],
          set: { sortOrder: sql`excluded.sort_order` },
        });
    // A product that stopped being listed leaves its categories' listings.
    await tx.execute(
      sql`delete from product_categories where product_id in (select id from products where not is_visible)`,
    );
    await tx
      .insert(variants)
      .values(chunk.flatMap((row) => row.variants))
      .onConflictDoNothing({ target: variants.sku });
    await tx
      .insert(productPrices)
      .values(chunk.flatMap((row) => row.prices))
      .onConflictDoUpdate({
        target: [productPrices.productId, productPrices.regionId],
        set: { retailPrice: sql`excluded.retail_price`, salePrice: sql`excluded.sale_price` },
      });
  }
}

function orderAddress(
  address: (typeof DEMO_CUSTOMERS)[number]['addresses'][number],
  email: string,
): OrderAddressRecord {
  return {
    first_name: address.firstName,
    last_name: address.lastName,
    street_1: address.address1,
    city: address.city,
    state: address.stateOrProvince,
    zip: address.postalCode,
    country_iso2: address.countryCode,
    email,
    phone: address.phone,
  };
}

/**
 * Writes the demo catalogue, groups, customers, shipping and orders. Idempotent: catalogue rows are updated to
 * the source data; customers and orders that exist are left alone.
 */
export async function seedCommerce(db: Database, now: Date = new Date()): Promise<void> {
  const passwordHashes = await Promise.all(DEMO_CUSTOMERS.map((customer) => hashPassword(customer.password)));
  await db.transaction(async (tx) => {
    for (const category of CATALOGUE_CATEGORIES) {
      const row = {
        id: category.id,
        parentId: category.parentId,
        name: category.name,
        path: category.path,
        description: category.description,
        sortOrder: category.id,
        isVisible: true,
        regionIds: { us: category.id, ca: category.id, eu_region_1: category.id },
      };
      await tx.insert(categories).values(row).onConflictDoUpdate({ target: categories.id, set: row });
    }
    await writeProducts(
      tx,
      CATALOGUE_PRODUCTS.map((product, index) =>
        productRows(product, 101 + index, product.slug, product.sku, index),
      ),
    );
    for (const group of CUSTOMER_GROUPS) {
      const row = { ...group, isDefault: group.isGroupForGuests };
      await tx.insert(customerGroups).values(row).onConflictDoUpdate({ target: customerGroups.id, set: row });
    }
    for (const zone of SHIPPING_ZONES) {
      const zoneRow = {
        id: zone.id,
        regionId: zone.regionId,
        name: zone.name,
        countries: zone.countries,
        enabled: true,
      };
      await tx
        .insert(shippingZones)
        .values(zoneRow)
        .onConflictDoUpdate({ target: shippingZones.id, set: zoneRow });
      const methods = [
        {
          id: zone.id * 10 + 1,
          zoneId: zone.id,
          name: 'Free Shipping',
          type: 'freeshipping' as const,
          enabled: true,
          settings: { carrier_options: { minimum_sub_total: zone.freeShippingMinimum } },
        },
        {
          id: zone.id * 10 + 2,
          zoneId: zone.id,
          name: 'Standard',
          type: 'total' as const,
          enabled: true,
          settings: { range: zone.ranges },
        },
        {
          id: zone.id * 10 + 3,
          zoneId: zone.id,
          name: 'Expedited',
          type: 'total' as const,
          enabled: true,
          settings: { range: [{ lower_limit: 0, upper_limit: null, shipping_cost: zone.expedited }] },
        },
      ];
      for (const method of methods)
        await tx
          .insert(shippingMethods)
          .values(method)
          .onConflictDoUpdate({ target: shippingMethods.id, set: method });
    }
    for (const settings of SHIPPING_SETTINGS) {
      const row = { ...settings };
      await tx
        .insert(shippingSettings)
        .values(row)
        .onConflictDoUpdate({ target: shippingSettings.regionId, set: row });
    }
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      const inserted = await tx
        .insert(customers)
        .values({
          email: customer.email,
          passwordHash: passwordHashes[index]!,
          firstName: customer.firstName,
          lastName: customer.lastName,
          groupId: customer.groupId,
          formFields: customer.proCode ? [{ name: 'Pro Code', value: JSON.stringify(customer.proCode) }] : [],
          proExpiresAt: customer.proExpiresAt ? new Date(customer.proExpiresAt) : null,
        })
        .onConflictDoNothing()
        .returning({ id: customers.id });
      const customerId = inserted[0]?.id;
      if (customerId === undefined) continue;
      await tx.insert(addresses).values(customer.addresses.map((address) => ({ ...address, customerId })));
      for (const order of DEMO_ORDERS.filter((entry) => entry.customerEmail === customer.email)) {
        const lines = order.items.map((item) => {
          const source = CATALOGUE_PRODUCTS.find((product) => product.slug === item.productSlug)!;
          return { item, source, price: source.salePriceUsd ?? source.priceUsd };
        });
        const subtotal =
          Math.round(lines.reduce((sum, line) => sum + line.price * line.item.quantity, 0) * 100) / 100;
        const shippingCost = subtotal >= 99 ? 0 : 8.95;
        const address = orderAddress(customer.addresses[0]!, customer.email);
        const total = Math.round((subtotal + shippingCost) * 100) / 100;
        const placedAt = new Date(now.getTime() - order.daysAgo * 86_400_000);
        // Demo orders carry no timeline: paid unless awaiting a transfer or cash, shipped whole when they have a
        // shipment (as the migration of existing orders reads them).
        const standing = standingOf({
          statusId: order.statusId,
          total,
          refunded: 0,
          paid: placedStanding(order.statusId, order.paymentMethod ?? '').payment === 'paid',
          delivered: order.statusId === 10,
          lines: order.items.map((item, id) => ({
            id,
            name: item.productSlug,
            quantity: item.quantity,
            shipped: order.shipment ? item.quantity : 0,
          })),
        });
        await tx.insert(orders).values({
          id: order.id,
          customerId,
          email: customer.email,
          regionId: 'us',
          currencyCode: 'USD',
          status: order.status,
          statusId: order.statusId,
          subtotal,
          shippingCost,
          total,
          billingAddress: address,
          shippingAddress: address,
          createdAt: placedAt,
          paymentMethod: order.paymentMethod ?? '',
          paymentStatus: standing.payment,
          fulfillmentStatus: standing.fulfillment,
          paidAt: standing.payment === 'paid' ? placedAt : null,
        });
        // Each line is the product's first variant, so a cancelled demo order puts its stock back there.
        const firstVariants = await tx
          .select({ id: variants.id, productId: variants.productId })
          .from(variants)
          .where(
            inArray(
              variants.productId,
              lines.map((line) => catalogueProductId(line.source.slug)),
            ),
          )
          .orderBy(asc(variants.id));
        const items = await tx
          .insert(orderItems)
          .values(
            lines.map((line) => ({
              orderId: order.id,
              productId: catalogueProductId(line.source.slug),
              variantId:
                firstVariants.find((variant) => variant.productId === catalogueProductId(line.source.slug))
                  ?.id ?? null,
              name: line.source.name,
              sku: line.source.sku,
              quantity: line.item.quantity,
              price: line.price,
            })),
          )
          .returning({ id: orderItems.id, quantity: orderItems.quantity });
        if (order.shipment)
          await tx.insert(shipments).values({
            orderId: order.id,
            carrier: order.shipment.carrier,
            trackingNumber: order.shipment.trackingNumber,
            shippedAt: new Date(now.getTime() - Math.max(order.daysAgo - 2, 0) * 86_400_000),
            items: items.map((item) => ({ order_item_id: item.id, quantity: item.quantity })),
          });
      }
    }
  });
}

/**
 * Adds generated products (ids from 100001) until the catalogue holds `count` generated ones, for benchmarks.
 * Each copies a demo product's shape with its own slug, sku and stock.
 */
export async function seedLargeCatalogue(db: Database, count: number): Promise<void> {
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows: ProductRows[] = [];
    for (let n = start; n < Math.min(count, start + batch); n++) {
      const source = CATALOGUE_PRODUCTS[n % CATALOGUE_PRODUCTS.length]!;
      const generated = { ...source, discontinued: false, outOfStock: false };
      rows.push(productRows(generated, 100_001 + n, `${source.slug}-g${n + 1}`, `RLG-${n + 1}`, 1000 + n));
    }
    await db.transaction((tx) => writeProducts(tx, rows));
  }
}
