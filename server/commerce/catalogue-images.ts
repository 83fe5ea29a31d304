import { asc, eq, sql } from 'drizzle-orm';
import { moveImage } from '#core/image-upload.ts';
import { DEFAULT_MEDIA_ALIAS, DEFAULT_MEDIA_BASE_URL } from '#core/media-url.ts';
import { mediaIdOfPath } from '#core/product-image.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { productImageId } from '../media/asset-ids.ts';
import { MediaError } from '../media/errors.ts';
import type { MediaUploads } from '../media/upload.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { type ProductOptionRecord, productImages, products, variants } from './schema-catalogue.ts';

/**
 * The back office's product images (issue 20): upload into the media service, order, remove, and the image each
 * colour shows. The commerce side (the product's image rows, its variants' thumbnails) changes in one
 * transaction with its audit entry, under the product's row lock; the catalogue's data version moves by trigger.
 *
 * The media side is never half-written: an upload's file is written whole (renamed into place) before the
 * transaction and deleted when the transaction fails; a removed image's file goes only after its row is gone.
 * After each commit the product's manifest is written again from its rows: each of its images is an image set
 * of that image followed by the product's other images in order, which is the gallery the storefront's product
 * page shows for a colour that shows it.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ImageRow = typeof productImages.$inferSelect;
type Direction = 'up' | 'down';

const COLOUR_OPTION = /^colou?r$/i;

/** The media path a variant's thumbnail holds (the storefront takes the id from its last segment). */
export const mediaPath = (id: string) => `${DEFAULT_MEDIA_BASE_URL}/i/${DEFAULT_MEDIA_ALIAS}/${id}`;

export interface ProductImage {
  mediaId: string;
  position: number;
  alt: string;
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
  bytes: number;
  /** Labels of the colours that show it. */
  shownBy: string[];
}

export interface ColourImage {
  id: number;
  slug: string;
  label: string;
  hex: string;
  /** The media id the colour shows now, or null when its variants name none. */
  imageId: string | null;
  /** The colour's drawn demo image (seed/media), offered as a choice when it exists. */
  drawnId: string | null;
}

export interface ProductImagesView {
  product: { id: number; name: string; slug: string };
  images: ProductImage[];
  colours: ColourImage[];
}

interface Logger {
  error: (obj: object, msg: string) => void;
}

const colourOptionOf = (options: ProductOptionRecord[]) =>
  options.find((option) => COLOUR_OPTION.test(option.displayName || option.name));

const orderOf = (rows: ImageRow[]) => rows.map((row) => row.mediaId);

export function createCatalogueImages(db: Database, media: MediaUploads, logger: Logger) {
  async function lockProduct(tx: Tx, id: number) {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(`No product ${id}`);
    return row;
  }

  const imagesOf = (executor: Pick<Database, 'select'>, productId: number) =>
    executor
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.mediaId));

  async function renumber(tx: Tx, ids: string[]) {
    for (const [position, mediaId] of ids.entries())
      await tx.update(productImages).set({ position }).where(eq(productImages.mediaId, mediaId));
  }

  /** Colour values with the image their variants show (the first variant of the colour decides, as on the storefront). */
  async function coloursOf(executor: Pick<Database, 'select'>, product: typeof products.$inferSelect) {
    const option = colourOptionOf(product.options);
    if (!option) return [];
    const rows = await executor
      .select({ id: variants.id, optionValues: variants.optionValues, thumbnail: variants.thumbnail })
      .from(variants)
      .where(eq(variants.productId, product.id))
      .orderBy(asc(variants.id));
    return Promise.all(
      option.values.map(async (value) => {
        const variantIds = rows
          .filter((row) =>
            row.optionValues.some((entry) => entry.option_id === option.id && entry.id === value.entityId),
          )
          .map((row) => row.id);
        const first = rows.find((row) => row.id === variantIds[0]);
        const drawn = productImageId(product.slug, value.slug);
        return {
          id: value.entityId,
          slug: value.slug,
          label: value.label,
          hex: value.hexColors[0] ?? '#cccccc',
          imageId: value.image ?? mediaIdOfPath(first?.thumbnail ?? null),
          drawnId: (await media.hasOriginal(drawn)) ? drawn : null,
          variantIds,
        };
      }),
    );
  }

  /** Writes the product's manifest (sets and alt texts) from its rows; a failure is logged, not thrown. */
  async function publish(product: { id: number; name: string }) {
    try {
      const rows = await imagesOf(db, product.id);
      await media.publishProduct(
        product.id,
        rows.map((row) => ({ id: row.mediaId, alt: row.alt || product.name })),
      );
    } catch (error) {
      logger.error({ err: error, productId: product.id }, 'writing the uploaded images’ manifest failed');
    }
  }

  /** Makes one colour show an image, inside the caller's transaction (see `pick`). */
  async function show(
    tx: Tx,
    actor: Actor,
    product: typeof products.$inferSelect,
    colourId: number,
    mediaId: string,
    uploaded: string[],
  ) {
    const colours = await coloursOf(tx, product);
    const colour = colours.find((entry) => entry.id === colourId);
    if (!colour) throw badRequest(`Product ${product.id} has no colour ${colourId}.`);
    if (!uploaded.includes(mediaId) && mediaId !== colour.drawnId)
      throw badRequest(`Choose one of this product’s images for ${colour.label}.`);
    if (colour.variantIds.length === 0) throw badRequest(`${colour.label} has no variants to show an image.`);
    for (const variantId of colour.variantIds)
      await tx
        .update(variants)
        .set({ thumbnail: mediaPath(mediaId) })
        .where(eq(variants.id, variantId));
    const options = product.options.map((option) =>
      option === colourOptionOf(product.options)
        ? {
            ...option,
            values: option.values.map((value) =>
              value.entityId === colourId ? { ...value, image: mediaId } : value,
            ),
          }
        : option,
    );
    await tx
      .update(products)
      .set({ options, ...(colours[0]?.id === colourId ? { thumbnail: mediaPath(mediaId) } : {}) })
      .where(eq(products.id, product.id));
    await recordAudit(tx, actor, {
      action: 'product.image.colour',
      entity: 'product',
      entityId: product.id,
      before: { colour: colour.label, image: colour.imageId },
      after: { colour: colour.label, image: mediaId },
    });
  }

  return {
    /** One product's uploaded images in order and the image each colour shows. */
    async view(productId: number): Promise<ProductImagesView> {
      const [product] = await db.select().from(products).where(eq(products.id, productId));
      if (!product) throw notFound(`No product ${productId}`);
      const [rows, colours] = await Promise.all([imagesOf(db, productId), coloursOf(db, product)]);
      return {
        product: { id: product.id, name: product.name, slug: product.slug },
        images: rows.map((row) => ({
          mediaId: row.mediaId,
          position: row.position,
          alt: row.alt,
          format: row.format,
          width: row.width,
          height: row.height,
          bytes: row.bytes,
          shownBy: colours.filter((colour) => colour.imageId === row.mediaId).map((colour) => colour.label),
        })),
        colours: colours.map(({ variantIds: _variantIds, ...colour }) => colour),
      };
    },

    /**
     * Checks, re-encodes and stores an uploaded image, then adds it after the product's other images. A refused
     * file (empty, too large, not an image, too many pixels, damaged) is a 400 and nothing is stored.
     */
    async upload(
      actor: Actor,
      productId: number,
      input: {
        bytes: Uint8Array;
        alt: string /** The colour this image is of: it shows it when it shows none yet. */;
        colourId?: number | null;
      },
    ) {
      const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!exists) throw notFound(`No product ${productId}`);
      let prepared: Awaited<ReturnType<MediaUploads['prepare']>>;
      try {
        prepared = await media.prepare(input.bytes);
      } catch (error) {
        if (error instanceof MediaError) throw badRequest(error.detail);
        throw error;
      }
      const stored = await media.store(prepared);
      let product: typeof products.$inferSelect;
      try {
        product = await db.transaction(async (tx) => {
          const locked = await lockProduct(tx, productId);
          const before = orderOf(await imagesOf(tx, productId));
          await tx.insert(productImages).values({
            mediaId: stored.id,
            productId,
            position: before.length,
            alt: input.alt,
            format: stored.format,
            width: stored.width,
            height: stored.height,
            bytes: stored.bytes,
            staffId: actor.staffId,
          });
          await recordAudit(tx, actor, {
            action: 'product.image.upload',
            entity: 'product',
            entityId: productId,
            before: { images: before },
            after: {
              images: [...before, stored.id],
              image: {
                id: stored.id,
                format: stored.format,
                width: stored.width,
                height: stored.height,
                bytes: stored.bytes,
              },
            },
          });
          if (input.colourId) {
            const colour = (await coloursOf(tx, locked)).find((entry) => entry.id === input.colourId);
            if (!colour) throw badRequest(`Product ${productId} has no colour ${input.colourId}.`);
            if (!colour.imageId) await show(tx, actor, locked, colour.id, stored.id, [...before, stored.id]);
          }
          return locked;
        });
      } catch (error) {
        await media
          .discard(stored.id, stored.format)
          .catch((cleanup: unknown) =>
            logger.error({ err: cleanup, mediaId: stored.id }, 'removing the file of a failed upload failed'),
          );
        throw error;
      }
      await publish(product);
      return stored;
    },

    /** Moves an image one place up or down in the product's order. */
    async move(actor: Actor, productId: number, mediaId: string, direction: Direction) {
      const product = await db.transaction(async (tx) => {
        const locked = await lockProduct(tx, productId);
        const before = orderOf(await imagesOf(tx, productId));
        if (!before.includes(mediaId)) throw notFound(`Product ${productId} has no image ${mediaId}`);
        const after = moveImage(before, mediaId, direction);
        if (!after)
          throw conflict(
            `The image is already ${direction === 'up' ? 'first' : 'last'}; reload the page to see the order.`,
          );
        await renumber(tx, after);
        await recordAudit(tx, actor, {
          action: 'product.image.move',
          entity: 'product',
          entityId: productId,
          before: { images: before },
          after: { images: after },
        });
        return locked;
      });
      await publish(product);
    },

    /** Removes an image no colour shows: its row and audit entry commit first, then its file goes. */
    async remove(actor: Actor, productId: number, mediaId: string) {
      const { product, removed } = await db.transaction(async (tx) => {
        const locked = await lockProduct(tx, productId);
        const rows = await imagesOf(tx, productId);
        const row = rows.find((entry) => entry.mediaId === mediaId);
        if (!row) throw notFound(`Product ${productId} has no image ${mediaId}`);
        const showing = (await coloursOf(tx, locked)).filter((colour) => colour.imageId === mediaId);
        if (showing.length > 0 || mediaIdOfPath(locked.thumbnail) === mediaId)
          throw conflict(
            `${showing.map((colour) => colour.label).join(' and ') || 'The product'} shows this image: pick another image for ${showing.length > 1 ? 'them' : 'it'} first.`,
          );
        // A copy of the product (duplicate) shows the same media ids: the file must outlive this product's row.
        const shared = (await tx.execute(sql`
          select p.name from products p
          where p.id <> ${productId} and (
            p.thumbnail = ${mediaPath(mediaId)}
            or exists (select 1 from variants v where v.product_id = p.id and v.thumbnail = ${mediaPath(mediaId)})
            or exists (select 1 from jsonb_array_elements(p.options) o, jsonb_array_elements(o->'values') val
                       where val->>'image' = ${mediaId}))
          order by p.id limit 1`)) as unknown as { rows: Array<{ name: string }> };
        if (shared.rows[0])
          throw conflict(
            `${shared.rows[0].name} shows this image too (it was copied from this product): pick another image there first.`,
          );
        await tx.delete(productImages).where(eq(productImages.mediaId, mediaId));
        const after = orderOf(rows).filter((id) => id !== mediaId);
        await renumber(tx, after);
        await recordAudit(tx, actor, {
          action: 'product.image.remove',
          entity: 'product',
          entityId: productId,
          before: { images: orderOf(rows) },
          after: { images: after },
        });
        return { product: locked, removed: row };
      });
      await publish(product);
      await media
        .discard(removed.mediaId, removed.format)
        .catch((error: unknown) =>
          logger.error({ err: error, mediaId }, 'removing the file of a removed image failed'),
        );
    },

    /**
     * The image a colour shows: one of the product's uploaded images or the colour's drawn image. The colour
     * value names it (what the storefront reads, core/product-image.ts), every variant of the colour names it as
     * its thumbnail (the API's variant image), and the first colour's image is the product's thumbnail too.
     */
    async pick(actor: Actor, productId: number, colourId: number, mediaId: string) {
      await db.transaction(async (tx) => {
        const product = await lockProduct(tx, productId);
        const uploaded = orderOf(await imagesOf(tx, productId));
        await show(tx, actor, product, colourId, mediaId, uploaded);
      });
    },
  };
}

export type CatalogueImages = ReturnType<typeof createCatalogueImages>;
