import { asc, eq, inArray, sql } from 'drizzle-orm';
import { blockedSubstring, matchableSubstrings } from '#core/blocked-url.ts';
import { copyName, copySku, copySlug } from '#core/product-copy.ts';
import {
  PRODUCT_TEXT_LOCALES,
  type ProductText,
  type ProductTextLocale,
  productTextOf,
  productTextProblems,
  withProductText,
} from '#core/product-text.ts';
import { can } from '#core/staff-permissions.ts';
import {
  type Combination,
  generateVariants,
  type OptionInput,
  type OptionProblem,
  optionProblems,
  valueSlug,
} from '#core/variant-generation.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { staff } from '../backoffice/schema.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from './errors.ts';
import { commerceRegions } from './schema.ts';
import {
  categories,
  type ProductOptionRecord,
  productPrices,
  products,
  type VariantOptionValueRecord,
  variantPrices,
  variants,
} from './schema-catalogue.ts';
import { productFitSeries } from './schema-fit.ts';

/**
 * The back office's product creation and option changes (issue 20): a new product with its options, generated
 * variants (core/variant-generation.ts), a retail price per commerce region and its content entry, unpublished
 * until the merchandiser publishes it on its page; adding a value to an option (new variants, stock 0) and
 * retiring one (its variants stop being purchasable and stay, since orders refer to them). Each change is one
 * transaction with its audit entry; the catalogue's and the content's data versions move by trigger.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a product's content entry needs from commerce (the content part writes it: server/content/product-entry.ts). */
export interface ProductContentInput {
  uid: string;
  title: string;
  tagline: string;
  description: string;
  commerce: Record<string, { id: number; sku: string; categoryIds: number[] }>;
  categoryPath: string;
  isNew: boolean;
  isRedesigned: boolean;
}

/** The content part's write path, run with the product's transaction so both halves commit together. */
export interface ProductContentPort {
  exists(executor: Database, uid: string): Promise<boolean>;
  write(executor: Database, input: ProductContentInput): Promise<void>;
  /** The entry's working copies in these locales, fields by locale (absent: the locale falls back to English). */
  read(
    executor: Database,
    uid: string,
    locales: readonly string[],
  ): Promise<Record<string, Record<string, unknown>>>;
  writeLocale(
    executor: Database,
    uid: string,
    locale: string,
    fields: Record<string, unknown>,
  ): Promise<void>;
}

/** One content locale's product text as the back office shows it (issue 41, decision 0039). */
export interface LocaleText {
  locale: ProductTextLocale;
  /** Whether the locale has an entry of its own; when not, the storefront shows English's (`text`). */
  own: boolean;
  text: ProductText;
}

export interface NewProduct {
  name: string;
  slug: string;
  sku: string;
  categoryId: number;
  /** Kilograms (the store's weight unit for shipping rates). */
  weight: number;
  description: string;
  tagline: string;
  options: OptionInput[];
  /** Retail price per commerce region, in that region's currency. At least one. */
  prices: Record<string, number>;
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SKU_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const MAX_PRICE = 1_000_000;

/** A refusal of the options, keyed by the create form's fields (`option1Name`, `option2Values`, `options`). */
function optionFields(problems: OptionProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const field =
      problem.option === null
        ? 'options'
        : `option${problem.option + 1}${problem.part === 'name' ? 'Name' : 'Values'}`;
    fields[field] ??= problem.message;
  }
  return fields;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The current options of a product as names and labels, for variant generation. */
const inputsOf = (options: readonly ProductOptionRecord[]): OptionInput[] =>
  options.map((option) => ({ name: option.name, values: option.values.map((value) => value.label) }));

/** A variant's combination, named by the product's option names (its records carry the display name too). */
function combinationOf(
  row: typeof variants.$inferSelect,
  options: readonly ProductOptionRecord[],
): Combination {
  return row.optionValues.map((value) => ({
    option: options.find((option) => option.id === value.option_id)?.name ?? value.option_display_name,
    value: value.label,
  }));
}

/** Why an address the blocklist answers with 403 is refused (the operator may not know the setting). */
const blockedAddress = (part: string) =>
  `Shoppers could not open this address: the store blocks addresses containing “${part}” (BLOCKED_URL_SUBSTRINGS). Choose another.`;

/** Every colour value of the product named: the locale's own name, else English's, else the commerce label. */
function withColourNames(
  text: ProductText,
  options: readonly ProductOptionRecord[],
  english: ProductText | null,
): ProductText {
  const colour = options.find((option) => /^colou?r$/i.test(option.displayName || option.name));
  if (!colour) return text;
  const colours = Object.fromEntries(
    colour.values.map((value) => [
      value.slug,
      text.colours[value.slug] || english?.colours[value.slug] || value.label,
    ]),
  );
  return { ...text, colours };
}

export function createProductAdmin(
  db: Database,
  content: ProductContentPort | null,
  blockedUrlSubstrings: readonly string[] = [],
) {
  const urlParts = matchableSubstrings(blockedUrlSubstrings);
  /** The blocked substring a storefront address of the product would hold, or null. */
  const blockedIn = (address: string) => blockedSubstring(address, urlParts);
  /** The same for an option value, which names the variant in the product's address (`?color=summit-red`). */
  const blockedValue = (value: string) => blockedIn(`?color=${valueSlug(value)}`);

  /** One creation or option change at a time: product, option and value ids are the next free ones. */
  const serialise = (tx: Tx) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext('ridgeline:product-ids'))`);

  async function nextIds(tx: Tx) {
    const result = (await tx.execute(sql`
      select
        (select coalesce(max(id), 100) from products) as product_id,
        (select coalesce(max(sort_order), 0) from products) as sort_order,
        greatest(
          (select coalesce(max((o->>'id')::int), 0) from products p, jsonb_array_elements(p.options) o),
          (select coalesce(max((ov->>'option_id')::int), 0) from variants v, jsonb_array_elements(v.option_values) ov)
        ) as option_id,
        greatest(
          (select coalesce(max((val->>'entityId')::int), 0)
             from products p, jsonb_array_elements(p.options) o, jsonb_array_elements(o->'values') val),
          (select coalesce(max((ov->>'id')::int), 0) from variants v, jsonb_array_elements(v.option_values) ov)
        ) as value_id`)) as unknown as {
      rows: Array<{ product_id: number; sort_order: number; option_id: number; value_id: number }>;
    };
    const row = result.rows[0]!;
    let value = Number(row.value_id);
    return {
      productId: Number(row.product_id) + 1,
      sortOrder: Number(row.sort_order) + 1,
      optionId: Number(row.option_id),
      nextValueId: () => ++value,
    };
  }

  /** SKUs already held by another product or variant (SKUs are unique across products and variants). */
  async function takenSkus(tx: Tx, skus: string[]): Promise<string[]> {
    if (skus.length === 0) return [];
    const [productRows, variantRows] = await Promise.all([
      tx.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus)),
      tx.select({ sku: variants.sku }).from(variants).where(inArray(variants.sku, skus)),
    ]);
    return [...new Set([...productRows, ...variantRows].map((row) => row.sku))];
  }

  async function chainOf(tx: Tx, categoryId: number) {
    const rows = await tx
      .select({
        id: categories.id,
        parentId: categories.parentId,
        path: categories.path,
        regionIds: categories.regionIds,
      })
      .from(categories);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const main = byId.get(categoryId);
    if (!main) throw badRequest(`There is no category ${categoryId}.`, { categoryId: 'Choose a category.' });
    const chain: typeof rows = [];
    for (let current = byId.get(categoryId); current && !chain.includes(current); ) {
      chain.push(current);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return { main, chain };
  }

  async function lockProduct(tx: Tx, id: number) {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(`There is no product ${id}.`);
    return row;
  }

  return {
    /**
     * Creates a product, unpublished (the storefront answers 410 for it and no listing shows it until it is
     * published), with its variants (stock 0), prices, and content entry. Refusals name the form field.
     */
    async create(actor: Actor, input: NewProduct) {
      const name = input.name.trim();
      const slug = input.slug.trim();
      const sku = input.sku.trim().toUpperCase();
      const fields: Record<string, string> = {};
      if (!name || name.length > 120) fields.name = 'Enter a name of at most 120 characters.';
      if (!SLUG_PATTERN.test(slug) || slug.length > 80)
        fields.slug = 'Use lower-case letters, digits and single dashes (at most 80).';
      const slugBlocked = fields.slug ? null : blockedIn(`/p/${slug}`);
      if (slugBlocked) fields.slug = blockedAddress(slugBlocked);
      if (!SKU_PATTERN.test(sku) || sku.length > 40)
        fields.sku = 'Use letters, digits and single dashes (at most 40).';
      if (!Number.isFinite(input.weight) || input.weight < 0 || input.weight > 1000)
        fields.weight = 'Enter a weight from 0 to 1000 kg.';
      if (input.description.length > 5000)
        fields.description = 'Keep the description under 5,000 characters.';
      if (input.tagline.length > 200) fields.tagline = 'Keep the tagline under 200 characters.';
      if (input.options.length === 0)
        fields.options = 'Give at least one option (e.g. Colour) with its values.';
      Object.assign(fields, optionFields(optionProblems(input.options)));
      input.options.forEach((option, index) => {
        const blocked = option.values.map(blockedValue).find(Boolean);
        if (blocked) fields[`option${index + 1}Values`] ??= blockedAddress(blocked);
      });
      const priced = Object.entries(input.prices);
      if (priced.length === 0) fields.prices = 'Give a retail price in at least one region.';
      for (const [region, price] of priced)
        if (!Number.isFinite(price) || price <= 0 || price > MAX_PRICE || cents(price) !== price)
          fields[`price-${region}`] = 'Enter a price above 0 with at most two decimals.';
      if (Object.keys(fields).length) throw badRequest('Check the highlighted fields.', fields);

      return db.transaction(async (tx) => {
        await serialise(tx);
        const regionRows = await tx.select().from(commerceRegions).orderBy(asc(commerceRegions.id));
        const unknownRegion = priced.find(([region]) => !regionRows.some((row) => row.id === region));
        if (unknownRegion)
          throw badRequest(`There is no commerce region ${unknownRegion[0]}.`, {
            prices: `There is no commerce region ${unknownRegion[0]}.`,
          });
        const { main, chain } = await chainOf(tx, input.categoryId);
        const [slugTaken] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.slug, slug));
        if (slugTaken || (content && (await content.exists(tx as unknown as Database, slug))))
          throw conflict(`Another product already uses the address ${slug}.`, 'conflict', {
            slug: 'This address is taken: choose another.',
          });
        const generated = generateVariants(sku, input.options);
        const taken = await takenSkus(tx, [sku, ...generated.map((variant) => variant.sku)]);
        if (taken.length)
          throw conflict(`The SKU ${taken.join(', ')} is taken by another product or variant.`, 'conflict', {
            sku: `${taken[0]} is taken: choose another SKU.`,
          });

        const ids = await nextIds(tx);
        const id = ids.productId;
        const options: ProductOptionRecord[] = input.options.map((option, index) => ({
          id: ids.optionId + index + 1,
          name: option.name.trim(),
          displayName: option.name.trim(),
          values: option.values.map((label) => ({
            entityId: ids.nextValueId(),
            label: label.trim(),
            hexColors: [],
            slug: valueSlug(label),
          })),
        }));
        const [product] = await tx
          .insert(products)
          .values({
            id,
            slug,
            name,
            sku,
            description: input.description.trim(),
            categoryId: main.id,
            imageKind: 'none',
            inventoryTracking: 'variant',
            inventoryLevel: 0,
            availability: 'disabled',
            isVisible: false,
            weight: input.weight,
            options,
            customFields: [],
            sortOrder: ids.sortOrder,
          })
          .returning();
        const variantRows = generated.map((variant) => ({
          productId: id,
          sku: variant.sku,
          inventoryLevel: 0,
          optionValues: variant.combination.map((part): VariantOptionValueRecord => {
            const option = options.find((entry) => entry.name === part.option)!;
            const value = option.values.find((entry) => entry.label === part.value)!;
            return {
              id: value.entityId,
              label: value.label,
              option_id: option.id,
              option_display_name: option.displayName,
            };
          }),
        }));
        if (variantRows.length) await tx.insert(variants).values(variantRows);
        await tx
          .insert(productPrices)
          .values(priced.map(([regionId, price]) => ({ productId: id, regionId, retailPrice: price })));
        if (content)
          await content.write(tx as unknown as Database, {
            uid: slug,
            title: name,
            tagline: input.tagline.trim(),
            description: input.description.trim(),
            commerce: Object.fromEntries(
              priced.map(([region]) => [
                region,
                {
                  id,
                  sku,
                  categoryIds: chain.map((category) => category.regionIds[region] ?? category.id),
                },
              ]),
            ),
            categoryPath: main.path,
            isNew: false,
            isRedesigned: false,
          });
        const after = {
          name,
          slug,
          sku,
          categoryId: main.id,
          weight: input.weight,
          published: false,
          options: options.map((option) => ({
            name: option.name,
            values: option.values.map((value) => value.label),
          })),
          variants: variantRows.map((row) => row.sku),
          prices: Object.fromEntries(priced),
          contentEntry: content ? `product/${slug}` : null,
        };
        await recordAudit(tx, actor, { action: 'product.create', entity: 'product', entityId: id, after });
        return { id: product!.id, slug, sku, variants: variantRows.length };
      });
    },

    /**
     * Copies a product as an unpublished product (issue 41): "<name> (copy)" at the first free `-copy` address,
     * the same category, options (new ids, as a created product's), variants with `-COPY` SKUs and stock 0, the
     * prices per region with their sale times, the colours' images (the same media ids: media are immutable),
     * the fit series, and the content entry's text in every locale. The commerce rows, the entry and the audit
     * entry commit together, as a creation's do; a staff member whose role may not change the catalogue is refused.
     */
    async duplicate(actor: Actor, productId: number) {
      const [member] = await db.select({ role: staff.role }).from(staff).where(eq(staff.id, actor.staffId));
      if (!member || !can(member.role, 'catalogue:write'))
        throw forbidden('Your role does not allow copying products (catalogue:write).');
      return db.transaction(async (tx) => {
        await serialise(tx);
        const executor = tx as unknown as Database;
        const original = await lockProduct(tx, productId);
        const originalVariants = await tx
          .select()
          .from(variants)
          .where(eq(variants.productId, productId))
          .orderBy(asc(variants.id));
        // A retired value's variants stay on the original because orders refer to them; a copy has no orders.
        const current = originalVariants.filter((row) =>
          row.optionValues.every((entry) =>
            original.options.some(
              (option) =>
                option.id === entry.option_id && option.values.some((value) => value.entityId === entry.id),
            ),
          ),
        );

        // The first n whose address and SKUs are all free: one n names the product and every variant.
        let n = 1;
        for (; ; n += 1) {
          const candidate = copySlug(original.slug, n);
          const [slugTaken] = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.slug, candidate));
          const free =
            !slugTaken &&
            !(content && (await content.exists(executor, candidate))) &&
            (
              await takenSkus(
                tx,
                [original.sku, ...current.map((row) => row.sku)].map((s) => copySku(s, n)),
              )
            ).length === 0;
          if (free) break;
          if (n >= 100)
            throw conflict(`Product ${original.slug} has 100 copies already: rename one of them first.`);
        }
        const slug = copySlug(original.slug, n);
        const sku = copySku(original.sku, n);
        const name = copyName(original.name);

        const ids = await nextIds(tx);
        const id = ids.productId;
        const optionIds = new Map<number, number>();
        const valueIds = new Map<number, number>();
        const options: ProductOptionRecord[] = original.options.map((option, index) => {
          optionIds.set(option.id, ids.optionId + index + 1);
          return {
            ...option,
            id: ids.optionId + index + 1,
            values: option.values.map((value) => {
              const entityId = ids.nextValueId();
              valueIds.set(value.entityId, entityId);
              return { ...value, entityId, hexColors: [...value.hexColors] };
            }),
          };
        });
        await tx.insert(products).values({
          id,
          slug,
          name,
          sku,
          description: original.description,
          categoryId: original.categoryId,
          imageKind: original.imageKind,
          inventoryTracking: original.inventoryTracking,
          inventoryLevel: 0,
          availability: 'disabled',
          isVisible: false,
          isNew: original.isNew,
          isRedesigned: original.isRedesigned,
          weight: original.weight,
          options,
          customFields: original.customFields,
          thumbnail: original.thumbnail,
          sortOrder: ids.sortOrder,
        });
        const variantRows = current.map((row) => ({
          productId: id,
          sku: copySku(row.sku, n),
          inventoryLevel: 0,
          purchasingDisabled: row.purchasingDisabled,
          thumbnail: row.thumbnail,
          lowStockThreshold: row.lowStockThreshold,
          optionValues: row.optionValues.map(
            (entry): VariantOptionValueRecord => ({
              ...entry,
              id: valueIds.get(entry.id)!,
              option_id: optionIds.get(entry.option_id)!,
            }),
          ),
        }));
        const copied = variantRows.length
          ? await tx.insert(variants).values(variantRows).returning({ id: variants.id, sku: variants.sku })
          : [];
        const prices = await tx.select().from(productPrices).where(eq(productPrices.productId, productId));
        if (prices.length)
          await tx.insert(productPrices).values(prices.map((row) => ({ ...row, productId: id })));
        // Each variant's own prices go with it (decision 0042), matched by the copy's SKU.
        const copyOf = new Map(copied.map((row) => [row.sku, row.id]));
        const copyIdOf = new Map(current.map((row) => [row.id, copyOf.get(copySku(row.sku, n))]));
        const ownPrices = current.length
          ? await tx
              .select()
              .from(variantPrices)
              .where(
                inArray(
                  variantPrices.variantId,
                  current.map((row) => row.id),
                ),
              )
          : [];
        const ownCopies = ownPrices.flatMap((row) => {
          const variantId = copyIdOf.get(row.variantId);
          return variantId === undefined ? [] : [{ ...row, variantId }];
        });
        if (ownCopies.length) await tx.insert(variantPrices).values(ownCopies);
        const [fit] = await tx
          .select()
          .from(productFitSeries)
          .where(eq(productFitSeries.productId, productId));
        if (fit) await tx.insert(productFitSeries).values({ productId: id, seriesId: fit.seriesId });

        const locales: string[] = [];
        if (content) {
          const held = await content.read(executor, original.slug, PRODUCT_TEXT_LOCALES);
          const commerceOf = (fields: Record<string, unknown>) => {
            const regions = fields.bc_products;
            return regions && typeof regions === 'object'
              ? Object.fromEntries(Object.keys(regions).map((region) => [region, { id, sku }]))
              : regions;
          };
          if (held['en-us']) {
            // English first: the master locale's entry is the one the others fall back to.
            for (const locale of PRODUCT_TEXT_LOCALES) {
              const fields = held[locale];
              if (!fields) continue;
              await content.writeLocale(executor, slug, locale, {
                ...fields,
                ...(locale === 'en-us' ? { title: name, display_title: name } : {}),
                url: `/${slug}`,
                bc_products: commerceOf(fields),
              });
              locales.push(locale);
            }
          } else {
            // An original without an entry (written before products had one): the copy gets a created product's.
            const { main, chain } = await chainOf(tx, original.categoryId);
            await content.write(executor, {
              uid: slug,
              title: name,
              tagline: '',
              description: original.description,
              commerce: Object.fromEntries(
                prices.map((row) => [
                  row.regionId,
                  {
                    id,
                    sku,
                    categoryIds: chain.map((category) => category.regionIds[row.regionId] ?? category.id),
                  },
                ]),
              ),
              categoryPath: main.path,
              isNew: original.isNew,
              isRedesigned: original.isRedesigned,
            });
            locales.push('en-us');
          }
        }

        await recordAudit(tx, actor, {
          action: 'product.duplicate',
          entity: 'product',
          entityId: id,
          before: { id: original.id, name: original.name, slug: original.slug, sku: original.sku },
          after: {
            name,
            slug,
            sku,
            published: false,
            variants: variantRows.map((row) => row.sku),
            prices: Object.fromEntries(prices.map((row) => [row.regionId, row.retailPrice])),
            fitSeriesId: fit?.seriesId ?? null,
            contentLocales: locales,
          },
        });
        return { id, slug, sku, name, variants: variantRows.length };
      });
    },

    /**
     * The swatch colour of each colour value (`#rrggbb`), as tiles and the product page draw it; values not named
     * keep theirs. One transaction with its audit entry.
     */
    async setSwatches(actor: Actor, productId: number, swatches: Record<number, string>) {
      const bad = Object.entries(swatches).find(([, hex]) => !/^#[0-9a-f]{6}$/i.test(hex));
      if (bad)
        throw badRequest('Choose a colour for each swatch.', { [`swatch-${bad[0]}`]: 'Choose a colour.' });
      return db.transaction(async (tx) => {
        const product = await lockProduct(tx, productId);
        const colour = product.options.find((option) => /^colou?r$/i.test(option.displayName || option.name));
        if (!colour) throw badRequest('This product has no colour option.');
        const unknown = Object.keys(swatches).find(
          (id) => !colour.values.some((value) => value.entityId === Number(id)),
        );
        if (unknown) throw badRequest(`The product has no colour ${unknown}.`);
        const before = Object.fromEntries(
          colour.values.map((value) => [value.label, value.hexColors[0] ?? null]),
        );
        const options = product.options.map((option) =>
          option === colour
            ? {
                ...option,
                values: option.values.map((value) => {
                  const hex = swatches[value.entityId];
                  return hex ? { ...value, hexColors: [hex.toLowerCase()] } : value;
                }),
              }
            : option,
        );
        await tx.update(products).set({ options }).where(eq(products.id, productId));
        const after = Object.fromEntries(
          options
            .find((option) => option.id === colour.id)!
            .values.map((value) => [value.label, value.hexColors[0] ?? null]),
        );
        await recordAudit(tx, actor, {
          action: 'product.swatches',
          entity: 'product',
          entityId: productId,
          before,
          after,
        });
        return after;
      });
    },

    /** The product's text in every content locale, English first (what a locale without its own shows). */
    async text(productId: number): Promise<LocaleText[]> {
      const [product] = await db.select().from(products).where(eq(products.id, productId));
      if (!product) throw notFound(`There is no product ${productId}.`);
      const held = content ? await content.read(db, product.slug, PRODUCT_TEXT_LOCALES) : {};
      const english = held['en-us'] ? productTextOf(held['en-us']) : null;
      return PRODUCT_TEXT_LOCALES.map((locale) => {
        const own = Boolean(held[locale]);
        const text = own
          ? productTextOf(held[locale]!)
          : (english ?? {
              name: product.name,
              tagline: '',
              description: product.description,
              seoTitle: '',
              seoDescription: '',
              colours: {},
            });
        return { locale, own, text: withColourNames(text, product.options, english) };
      });
    },

    /**
     * Saves one locale's name, tagline, description, colour names and SEO text into the product's content entry
     * (a locale without its own entry starts from English's), published at once, with its audit entry. English's
     * name is the product's commerce name too (the back office's lists, order lines), in the same transaction.
     */
    async setText(actor: Actor, productId: number, locale: ProductTextLocale, input: ProductText) {
      const problems = productTextProblems(locale, input);
      if (Object.keys(problems).length) throw badRequest('Check the highlighted fields.', problems);
      if (!content) throw conflict('This store keeps no content entries for products.', 'conflict');
      return db.transaction(async (tx) => {
        const product = await lockProduct(tx, productId);
        const executor = tx as unknown as Database;
        const held = await content.read(executor, product.slug, ['en-us', locale]);
        const englishFields = held['en-us'];
        if (!englishFields)
          throw conflict(`Product ${product.slug} has no English content entry to translate.`, 'conflict');
        // English's colour names default to the commerce labels (a new product's entry names none yet).
        const english = withColourNames(productTextOf(englishFields), product.options, null);
        const before = held[locale] ? productTextOf(held[locale]) : null;
        const fields = withProductText(
          held[locale] ?? englishFields,
          input,
          locale === 'en-us' ? { ...input, colours: english.colours } : english,
        );
        await content.writeLocale(executor, product.slug, locale, fields);
        const name = fields.title as string;
        if (locale === 'en-us' && name !== product.name)
          await tx.update(products).set({ name }).where(eq(products.id, productId));
        const after = productTextOf(fields);
        await recordAudit(tx, actor, {
          action: 'product.text',
          entity: 'product',
          entityId: productId,
          before: { locale, ...(before ?? { fallsBackToEnglish: true }) },
          after: { locale, ...after },
        });
        return after;
      });
    },

    /**
     * Adds a value to one of the product's options: a variant per new combination, stock 0, purchasable (or a
     * retired value's variants purchasable again when it comes back), SKUs of existing variants unchanged.
     */
    async addOptionValue(actor: Actor, productId: number, optionId: number, label: string) {
      const value = label.trim();
      return db.transaction(async (tx) => {
        await serialise(tx);
        const before = await lockProduct(tx, productId);
        const option = before.options.find((entry) => entry.id === optionId);
        if (!option) throw notFound(`The product has no option ${optionId}.`);
        const options = before.options.map((entry) =>
          entry.id === optionId ? { ...entry, values: [...entry.values] } : entry,
        );
        const inputs = inputsOf(options).map((entry, index) =>
          options[index]!.id === optionId ? { ...entry, values: [...entry.values, value] } : entry,
        );
        const problems = optionProblems(inputs).filter((problem) => problem.part !== 'name');
        if (problems.length) throw badRequest(problems[0]!.message, { value: problems[0]!.message });
        const valueBlocked = blockedValue(value);
        if (valueBlocked) {
          const message = blockedAddress(valueBlocked);
          throw badRequest(message, { value: message });
        }
        const existingRows = await tx
          .select()
          .from(variants)
          .where(eq(variants.productId, productId))
          .orderBy(asc(variants.id));
        // A value retired earlier keeps its variants (orders refer to them): bringing it back revives them.
        const retired = existingRows
          .flatMap((row) => row.optionValues)
          .find((entry) => entry.option_id === optionId && entry.label.toLowerCase() === value.toLowerCase());
        const ids = await nextIds(tx);
        const record = {
          entityId: retired?.id ?? ids.nextValueId(),
          label: retired?.label ?? value,
          hexColors: [],
          slug: valueSlug(value),
        };
        const target = options.find((entry) => entry.id === optionId)!;
        target.values.push(record);
        const generated = generateVariants(
          before.sku,
          inputsOf(options),
          existingRows.map((row) => ({ combination: combinationOf(row, options), sku: row.sku })),
        );
        const fresh = generated.filter((variant) => !variant.existing);
        const taken = await takenSkus(
          tx,
          fresh.map((variant) => variant.sku),
        );
        if (taken.length)
          throw conflict(`The SKU ${taken.join(', ')} is taken by another product or variant.`, 'conflict', {
            value: `${taken[0]} is taken by another product: rename the value.`,
          });
        const revived = existingRows.filter(
          (row) =>
            row.purchasingDisabled &&
            row.optionValues.some((entry) => entry.id === record.entityId) &&
            row.optionValues.every((entry) =>
              options.some(
                (opt) => opt.id === entry.option_id && opt.values.some((v) => v.entityId === entry.id),
              ),
            ),
        );
        await tx.update(products).set({ options }).where(eq(products.id, productId));
        if (fresh.length)
          await tx.insert(variants).values(
            fresh.map((variant) => ({
              productId,
              sku: variant.sku,
              inventoryLevel: 0,
              optionValues: variant.combination.map((part): VariantOptionValueRecord => {
                const owner = options.find((entry) => entry.name === part.option)!;
                const chosen = owner.values.find(
                  (entry) => entry.label.toLowerCase() === part.value.toLowerCase(),
                )!;
                return {
                  id: chosen.entityId,
                  label: chosen.label,
                  option_id: owner.id,
                  option_display_name: owner.displayName,
                };
              }),
            })),
          );
        if (revived.length)
          await tx
            .update(variants)
            .set({ purchasingDisabled: false })
            .where(
              inArray(
                variants.id,
                revived.map((row) => row.id),
              ),
            );
        await recordAudit(tx, actor, {
          action: 'product.option-value.add',
          entity: 'product',
          entityId: productId,
          before: { option: option.name, values: option.values.map((entry) => entry.label) },
          after: {
            option: option.name,
            values: target.values.map((entry) => entry.label),
            newVariants: fresh.map((variant) => variant.sku),
            purchasableAgain: revived.map((row) => row.sku),
          },
        });
        return { added: fresh.map((variant) => variant.sku), revived: revived.map((row) => row.sku) };
      });
    },

    /**
     * Retires a value: it leaves the option's list (the storefront stops offering it) and its variants stop being
     * purchasable. Variants are never deleted: orders refer to them. An option keeps at least one value.
     */
    async retireOptionValue(actor: Actor, productId: number, optionId: number, valueId: number) {
      return db.transaction(async (tx) => {
        const before = await lockProduct(tx, productId);
        const option = before.options.find((entry) => entry.id === optionId);
        const value = option?.values.find((entry) => entry.entityId === valueId);
        if (!option || !value) throw notFound('The product has no such option value.');
        if (option.values.length === 1)
          throw conflict(
            `${value.label} is the last ${option.name} left: an option keeps at least one value.`,
            'conflict',
          );
        const options = before.options.map((entry) =>
          entry.id === optionId
            ? { ...entry, values: entry.values.filter((candidate) => candidate.entityId !== valueId) }
            : entry,
        );
        await tx.update(products).set({ options }).where(eq(products.id, productId));
        const disabled = await tx
          .update(variants)
          .set({ purchasingDisabled: true })
          .where(
            sql`${variants.productId} = ${productId} and exists (select 1 from jsonb_array_elements(${variants.optionValues}) ov
              where (ov->>'id')::int = ${valueId} and (ov->>'option_id')::int = ${optionId})`,
          )
          .returning();
        await recordAudit(tx, actor, {
          action: 'product.option-value.retire',
          entity: 'product',
          entityId: productId,
          before: { option: option.name, values: option.values.map((entry) => entry.label) },
          after: {
            option: option.name,
            values: options.find((entry) => entry.id === optionId)!.values.map((entry) => entry.label),
            notPurchasable: disabled.map((row) => row.sku),
          },
        });
        return { retired: value.label, variants: disabled.map((row) => row.sku) };
      });
    },
  };
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
