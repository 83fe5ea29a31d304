import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTag, stockTag } from '#core/change-tags.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '#core/stock-state.ts';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { createDataVersionWatcher } from '#server/cache/data-version.ts';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { products, stockMovements, variants } from '#server/commerce/schema-catalogue.ts';
import { createStock, type StockChange } from '#server/commerce/stock.ts';
import { type DatabaseHandle, openPglite } from '#server/db/database.ts';
import { backInStockListId, subscribeBackInStockMail } from '#server/mail/back-in-stock.ts';
import { createOutboxMailer } from '#server/mail/mailer.ts';
import { subscribe } from '#server/newsletter/subscribe.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 20, stock per variant: counts and adjustments through the one stock path (server/commerce/stock.ts), each
 * with its stock movement and audit entry in one transaction, refusals that change nothing, the history per
 * variant, the low-stock threshold, and a variant back from sold out mailing its subscribers.
 */
const PRODUCT = 'ridgeline-summit-trail-mens';
const OTHER = 'ridgeline-dial-lock-binding';

describe.each(testDatabaseTargets)('stock admin on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  let outbox: string;
  let actor: Actor;
  let productId: number;
  let variantIds: number[];
  let otherVariantId: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    commerce = createCommerce(handle.db);
    outbox = await mkdtemp(join(tmpdir(), 'stock-admin-'));
    // The store's wiring (server/services.ts): 'back-in-stock' announced by commerce → the notifier → the outbox.
    subscribeBackInStockMail(handle.db, commerce.events, {
      mailer: createOutboxMailer({ from: 'Ridgeline <shop@ridgeline.example>', outboxDir: outbox }),
      origin: 'https://shop.example.com',
    });
    actor = await insertActor(handle.db, 'merchandiser', 'stock-admin-test@ridgeline.example');
    productId = catalogueProductId(PRODUCT);
    const rows = await handle.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.id));
    variantIds = rows.map((row) => row.id);
    const [other] = await handle.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, catalogueProductId(OTHER)))
      .limit(1);
    otherVariantId = other!.id;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  const level = async (variantId: number) =>
    (await handle.db.select().from(variants).where(eq(variants.id, variantId)))[0]!.inventoryLevel;
  const movementsOf = (variantId: number) =>
    handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(asc(stockMovements.id));
  const auditCount = async () => (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;
  const movementCount = async () => (await handle.db.select({ n: count() }).from(stockMovements))[0]!.n;
  const productLevel = async () =>
    (await handle.db.select().from(products).where(eq(products.id, productId)))[0]!.inventoryLevel;
  const variantsTotal = async () =>
    (await handle.db.select().from(variants).where(eq(variants.productId, productId))).reduce(
      (sum, row) => sum + row.inventoryLevel,
      0,
    );

  it('sets a count: the level, the product total, a movement and an audit entry, in one go', async () => {
    const variantId = variantIds[0]!;
    const was = await level(variantId);
    const watcher = createDataVersionWatcher(handle.db, 0);
    const version = await watcher.current();
    const since = watcher.changes.now();
    const change = await commerce.stockAdmin.change(actor, productId, {
      variantId,
      set: was + 7,
      reason: 'count',
      note: '  Shelf count, aisle 3  ',
    });
    expect(change).toEqual({ variantId, productId, before: was, after: was + 7 });
    expect(await level(variantId)).toBe(was + 7);
    expect(await productLevel()).toBe(await variantsTotal());
    // The storefront's caches drop what holds the product's stock level (its stock tag, moved by the variants
    // trigger through the product change log), and keep everything else: the catalogue's version stands still.
    expect(await watcher.current()).toBe(version);
    expect(watcher.changes.fresh([stockTag(productId)], since)).toBe(false);
    expect(watcher.changes.fresh([productTag(productId)], since)).toBe(was > 0);

    const movement = (await movementsOf(variantId)).at(-1)!;
    expect(movement).toMatchObject({
      reason: 'count',
      before: was,
      after: was + 7,
      note: 'Shelf count, aisle 3',
      staffId: actor.staffId,
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(variantId)))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({
      action: 'stock.count',
      entity: 'variant',
      staffEmail: actor.email,
      before: { level: was },
      after: expect.objectContaining({ level: was + 7, reason: 'count', note: 'Shelf count, aisle 3' }),
    });
  });

  it('adjusts by a delivery, a return and damage, each a movement of its own', async () => {
    const variantId = variantIds[1]!;
    await commerce.stockAdmin.change(actor, productId, { variantId, set: 10, reason: 'count' });
    await commerce.stockAdmin.change(actor, productId, { variantId, adjust: 5, reason: 'delivery' });
    await commerce.stockAdmin.change(actor, productId, { variantId, adjust: 1, reason: 'return' });
    const last = await commerce.stockAdmin.change(actor, productId, {
      variantId,
      adjust: -4,
      reason: 'damage',
      note: 'Water damage',
    });
    expect(last).toMatchObject({ before: 16, after: 12 });
    expect(await level(variantId)).toBe(12);
    expect(await productLevel()).toBe(await variantsTotal());
    const moves = (await movementsOf(variantId)).slice(-4);
    expect(moves.map((row) => [row.reason, row.before, row.after])).toEqual([
      ['count', expect.any(Number), 10],
      ['delivery', 10, 15],
      ['return', 15, 16],
      ['damage', 16, 12],
    ]);
  });

  it('refuses a negative result, a fraction, an unknown variant or reason, changing nothing', async () => {
    const variantId = variantIds[2]!;
    await commerce.stockAdmin.change(actor, productId, { variantId, set: 3, reason: 'count' });
    const audits = await auditCount();
    const movements = await movementsOf(variantId);
    const all = await movementCount();
    const total = await productLevel();

    // Thunks, run one at a time: a refusal started early would reject before anyone listens.
    const refusals: [() => Promise<unknown>, number, RegExp][] = [
      [
        () => commerce.stockAdmin.change(actor, productId, { variantId, adjust: -4, reason: 'damage' }),
        400,
        /Only 3 units in stock/,
      ],
      [
        () => commerce.stockAdmin.change(actor, productId, { variantId, set: -1, reason: 'count' }),
        400,
        /whole number/,
      ],
      [
        () => commerce.stockAdmin.change(actor, productId, { variantId, set: 2.5, reason: 'count' }),
        400,
        /whole number/,
      ],
      [
        () => commerce.stockAdmin.change(actor, productId, { variantId, adjust: 1.5, reason: 'delivery' }),
        400,
        /whole number/,
      ],
      [
        () =>
          commerce.stockAdmin.change(actor, productId, {
            variantId,
            set: 4,
            reason: 'theft' as 'count',
          }),
        400,
        /Unknown reason/,
      ],
      [
        () =>
          commerce.stockAdmin.change(actor, productId, { variantId: 999_999_999, set: 4, reason: 'count' }),
        404,
        /no variant 999999999/,
      ],
      // A variant of another product, posted to this product's page.
      [
        () =>
          commerce.stockAdmin.change(actor, productId, {
            variantId: otherVariantId,
            set: 4,
            reason: 'count',
          }),
        404,
        /has no variant/,
      ],
      [
        () => commerce.stock.apply({ variantId: 999_999_999, set: 4, reason: 'count' }, actor),
        404,
        /No variant/,
      ],
      [
        () =>
          commerce.stockAdmin.change(actor, productId, {
            variantId,
            set: 4,
            reason: 'count',
            note: 'x'.repeat(501),
          }),
        400,
        /at most 500 characters/,
      ],
    ];
    for (const [attempt, status, message] of refusals) {
      const error = await attempt().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ status, message: expect.stringMatching(message) });
    }
    expect(await level(variantId)).toBe(3);
    expect(await movementsOf(variantId)).toEqual(movements);
    expect(await movementCount()).toBe(all);
    expect(await auditCount()).toBe(audits);
    expect(await productLevel()).toBe(total);
  });

  it('applies a batch in one transaction: all changes, or none when one is refused', async () => {
    const [a, b] = [variantIds[0]!, variantIds[1]!];
    await commerce.stock.applyMany(
      [
        { variantId: a, set: 20, reason: 'import' },
        { variantId: b, set: 30, reason: 'import' },
      ],
      actor,
    );
    const audits = await auditCount();
    const all = await movementCount();
    await expect(
      commerce.stock.applyMany(
        [
          { variantId: a, set: 21, reason: 'import' },
          { variantId: b, adjust: -31, reason: 'damage' },
        ],
        actor,
      ),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Change 2 \(.+\): Only 30 units/),
    });
    expect([await level(a), await level(b)]).toEqual([20, 30]);
    expect(await movementCount()).toBe(all);
    expect(await auditCount()).toBe(audits);

    const done = await commerce.stock.applyMany(
      [
        { variantId: a, set: 21, reason: 'import' },
        { variantId: b, adjust: -1, reason: 'damage' },
        { variantId: a, adjust: 2, reason: 'return' },
      ],
      actor,
    );
    expect(done.map((change) => [change.before, change.after])).toEqual([
      [20, 21],
      [30, 29],
      [21, 23],
    ]);
    expect([await level(a), await level(b)]).toEqual([23, 29]);
    expect(await movementCount()).toBe(all + 3);
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = await handle.db.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1).offset(audits);
    expect(entry).toMatchObject({ action: 'stock.batch', entity: 'stock', entityId: '3 changes' });
    expect(await productLevel()).toBe(await variantsTotal());
  });

  it('records the stock command (no staff) as a count or a delivery by the command line, with no audit entry', async () => {
    const variantId = variantIds[3]!;
    const audits = await auditCount();
    const stock = createStock(handle.db);
    await stock.set(variantId, 2);
    await stock.add(variantId, 3, 'Pallet 14');
    const moves = (await movementsOf(variantId)).slice(-2);
    expect(moves.map((row) => [row.reason, row.before, row.after, row.staffId, row.note])).toEqual([
      ['count', expect.any(Number), 2, null, ''],
      ['delivery', 2, 5, null, 'Pallet 14'],
    ]);
    expect(await auditCount()).toBe(audits);
    const history = await commerce.stockAdmin.history(variantId, { limit: 2 });
    expect(history.rows.map((row) => [row.reason, row.staffEmail])).toEqual([
      ['delivery', null],
      ['count', null],
    ]);
  });

  it('pages a variant history newest first by keyset, with who made each change', async () => {
    const variantId = variantIds[4]!;
    await commerce.stockAdmin.change(actor, productId, { variantId, set: 0, reason: 'count' });
    for (let index = 0; index < 12; index++)
      await commerce.stockAdmin.change(actor, productId, { variantId, adjust: 1, reason: 'delivery' });
    const all = (await movementsOf(variantId)).map((row) => row.id).reverse();
    const seen: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await commerce.stockAdmin.history(variantId, { before, limit: 5 });
      expect(result.rows.length).toBeLessThanOrEqual(5);
      seen.push(...result.rows.map((row) => row.id));
      if (result.next === null) break;
      before = result.next;
    }
    expect(seen).toEqual(all);
    const [newest] = (await commerce.stockAdmin.history(variantId)).rows;
    expect(newest).toMatchObject({ reason: 'delivery', before: 11, after: 12, staffEmail: actor.email });
  });

  it('sets and clears a low-stock threshold, audited, and refuses a bad one', async () => {
    const variantId = variantIds[5] ?? variantIds[0]!;
    await commerce.stockAdmin.change(actor, productId, { variantId, set: 8, reason: 'count' });
    expect((await commerce.stockAdmin.variant(productId, variantId)).state).toBe('in');
    await commerce.stockAdmin.setThreshold(actor, productId, variantId, 10);
    expect(await commerce.stockAdmin.variant(productId, variantId)).toMatchObject({
      lowStockThreshold: 10,
      threshold: 10,
      state: 'low',
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'variant.low-stock-threshold'));
    expect(entry).toMatchObject({ before: { lowStockThreshold: null }, after: { lowStockThreshold: 10 } });

    const audits = await auditCount();
    for (const bad of [-1, 1.5, 10_001])
      await expect(commerce.stockAdmin.setThreshold(actor, productId, variantId, bad)).rejects.toMatchObject({
        status: 400,
      });
    await expect(commerce.stockAdmin.setThreshold(actor, productId, otherVariantId, 3)).rejects.toMatchObject(
      { status: 404 },
    );
    expect(await auditCount()).toBe(audits);
    expect((await commerce.stockAdmin.variant(productId, variantId)).lowStockThreshold).toBe(10);

    await commerce.stockAdmin.setThreshold(actor, productId, variantId, null);
    expect(await commerce.stockAdmin.variant(productId, variantId)).toMatchObject({
      lowStockThreshold: null,
      threshold: DEFAULT_LOW_STOCK_THRESHOLD,
      state: 'in',
    });
  });

  it('hands a sold-out variant set to 5 to onBackInStock once, after the commit', async () => {
    const variantId = variantIds[6] ?? variantIds[0]!;
    const calls: StockChange[][] = [];
    const stock = createStock(handle.db, {
      onBackInStock: async (changes) => {
        // After the commit: the level is already visible outside the transaction.
        expect(await level(variantId)).toBe(5);
        calls.push(changes);
      },
    });
    await stock.apply({ variantId, set: 0, reason: 'count' }, actor);
    await stock.apply({ variantId, set: 5, reason: 'count' }, actor);
    await stock.apply({ variantId, adjust: 2, reason: 'delivery' }, actor);
    expect(calls).toEqual([[{ variantId, productId, before: 0, after: 5 }]]);
    // Sold out and back within one batch is no return to stock.
    await stock.applyMany(
      [
        { variantId, set: 0, reason: 'count' },
        { variantId, set: 3, reason: 'count' },
        { variantId, set: 0, reason: 'count' },
      ],
      actor,
    );
    expect(calls).toHaveLength(1);
  });

  it('mails the back-in-stock subscribers when the back office brings a variant back (real wiring)', async () => {
    const variantId = variantIds[7] ?? variantIds[1]!;
    await commerce.stockAdmin.change(actor, productId, { variantId, set: 0, reason: 'count' });
    await subscribe(handle.db, {
      email: 'waiting@example.com',
      listIds: [backInStockListId(productId, variantId)],
      locale: 'en-us',
      contentRegion: 'na',
    });
    const mails = async () => (await readdir(outbox)).filter((name) => name.includes('waiting@example.com'));
    expect(await mails()).toEqual([]);
    await commerce.stockAdmin.change(actor, productId, { variantId, set: 5, reason: 'count' });
    expect(await mails()).toHaveLength(1);
    await commerce.stockAdmin.change(actor, productId, { variantId, adjust: 3, reason: 'delivery' });
    expect(await mails()).toHaveLength(1);
  });
});

describe('the stock command', () => {
  const run = promisify(execFile);
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('still sets and adds stock, each a movement by the command line', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stock-cli-'));
    let handle = await openPglite(dataDir);
    await handle.migrate();
    await seedDemoStore(handle.db);
    const [variant] = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, catalogueProductId(PRODUCT)))
      .orderBy(asc(variants.id))
      .limit(1);
    await handle.close();

    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'server/commerce/stock-cli.ts', ...args], { env });
    const set = await cli('--sku', variant!.sku.toLowerCase(), '--set', '0');
    expect(set.stdout).toContain(`${variant!.sku}: ${variant!.inventoryLevel} → 0`);
    const add = await cli('--sku', variant!.sku, '--add', '4', '--note', 'Pallet 7');
    expect(add.stdout).toContain(`${variant!.sku}: 0 → 4`);

    handle = await openPglite(dataDir);
    try {
      const moves = await handle.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.variantId, variant!.id))
        .orderBy(asc(stockMovements.id));
      expect(moves.map((row) => [row.reason, row.before, row.after, row.staffId, row.note])).toEqual([
        ['count', variant!.inventoryLevel, 0, null, ''],
        ['delivery', 0, 4, null, 'Pallet 7'],
      ]);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
