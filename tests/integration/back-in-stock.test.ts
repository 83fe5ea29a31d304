import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, variants } from '#server/commerce/schema-catalogue.ts';
import { createStock } from '#server/commerce/stock.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { backInStockListId, createBackInStockNotifier } from '#server/mail/back-in-stock.ts';
import { createOutboxMailer, type Mailer } from '#server/mail/mailer.ts';
import { subscribe } from '#server/newsletter/subscribe.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

const SLUG = 'ridgeline-summit-trail-mens';

/** The message bodies as written (the .eml encodes them quoted-printable). */
const quotedPrintable = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(testDatabaseTargets)('back-in-stock e-mail on $name', (target) => {
  let handle: DatabaseHandle;
  let outbox: string;
  let productId: number;
  let variantId: number;
  let otherVariantId: number;
  let mailer: Mailer;
  const failing = { on: false };

  beforeAll(async () => {
    handle = await openSeeded(target);
    outbox = await mkdtemp(join(tmpdir(), 'back-in-stock-'));
    productId = catalogueProductId(SLUG);
    const rows = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id)
      .limit(2);
    variantId = rows[0]!.id;
    otherVariantId = rows[1]!.id;
    const outboxMailer = createOutboxMailer({
      from: 'Ridgeline <shop@ridgeline.example>',
      outboxDir: outbox,
    });
    mailer = {
      send: (message) =>
        failing.on ? Promise.reject(new Error('SMTP is down')) : outboxMailer.send(message),
    };
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  function stockWithMail() {
    const notify = createBackInStockNotifier(handle.db, {
      mailer,
      origin: 'https://shop.example.com',
      textFor: async (locale): Promise<Record<string, string>> =>
        locale === 'fr'
          ? {
              'back in stock mail subject': '{product} est de retour',
              'back in stock mail body': '{product} ({variant}) est de nouveau en stock.',
              'back in stock mail link': 'Voir le produit',
            }
          : {},
    });
    return createStock(handle.db, { onBackInStock: async (changes) => void (await notify(changes)) });
  }

  async function mails(): Promise<{ name: string; text: string }[]> {
    const names = (await readdir(outbox)).sort();
    return Promise.all(
      names.map(async (name) => ({
        name,
        text: quotedPrintable(await readFile(join(outbox, name), 'utf8')),
      })),
    );
  }

  it('mails each waiting subscriber once, in their locale, when the variant comes back', async () => {
    const stock = stockWithMail();
    await stock.set(variantId, 0);
    await stock.set(otherVariantId, 0);
    const signup = (email: string, locale: string, variant = variantId) =>
      subscribe(handle.db, {
        email,
        listIds: [backInStockListId(productId, variant)],
        locale,
        contentRegion: 'na',
      });
    await signup('ada@example.com', 'en-us');
    await signup('Brigitte@Example.com', 'fr-ca');
    await signup('other-variant@example.com', 'en-us', otherVariantId);

    // Still sold out: nothing is sent.
    await stock.set(variantId, 0);
    expect(await mails()).toEqual([]);

    const change = await stock.add(variantId, 6);
    expect(change).toMatchObject({ before: 0, after: 6 });
    const sent = await mails();
    expect(sent.map((mail) => mail.name.replace(/^.*back-in-stock-/, ''))).toEqual(
      expect.arrayContaining(['ada@example.com.eml', 'brigitte@example.com.eml']),
    );
    expect(sent).toHaveLength(2);
    const english = sent.find((mail) => mail.name.includes('ada@'))!.text;
    expect(english).toContain('To: ada@example.com');
    expect(english).toMatch(/Subject: .*is back in stock/);
    expect(english).toContain(`https://shop.example.com/en-us/p/${SLUG}`);
    const french = sent.find((mail) => mail.name.includes('brigitte@'))!.text;
    expect(french).toMatch(/Subject: .*est de retour/);
    expect(french).toContain(`https://shop.example.com/fr-ca/p/${SLUG}`);

    // The product's level follows its variants.
    const [product] = await handle.db.select().from(products).where(eq(products.id, productId));
    const all = await handle.db.select().from(variants).where(eq(variants.productId, productId));
    expect(product!.inventoryLevel).toBe(all.reduce((sum, row) => sum + row.inventoryLevel, 0));

    // More stock, or sold out and back again: the same subscribers are never mailed twice.
    await stock.add(variantId, 4);
    await stock.set(variantId, 0);
    await stock.set(variantId, 3);
    expect(await mails()).toHaveLength(2);
  });

  it('keeps a subscriber whose mail failed for the next restock, and refuses a bad level', async () => {
    const stock = stockWithMail();
    await stock.set(otherVariantId, 0);
    failing.on = true;
    await stock.set(otherVariantId, 2);
    failing.on = false;
    expect((await mails()).filter((mail) => mail.name.includes('other-variant@'))).toHaveLength(0);
    await stock.set(otherVariantId, 0);
    await stock.set(otherVariantId, 2);
    expect((await mails()).filter((mail) => mail.name.includes('other-variant@'))).toHaveLength(1);

    await expect(stock.set(otherVariantId, -1)).rejects.toMatchObject({ status: 400 });
    await expect(stock.set(otherVariantId, 2_000_000)).rejects.toMatchObject({ status: 400 });
    await expect(stock.add(otherVariantId, 0)).rejects.toMatchObject({ status: 400 });
    await expect(stock.set(999_999_999, 1)).rejects.toMatchObject({ status: 404 });
    const [row] = await handle.db.select().from(variants).where(eq(variants.id, otherVariantId));
    expect(row!.inventoryLevel).toBe(2);
  });

  it('two notifications of one restock at once still send one mail per subscriber', async () => {
    const stock = createStock(handle.db);
    await stock.set(variantId, 0);
    await subscribe(handle.db, {
      email: 'twice@example.com',
      listIds: [backInStockListId(productId, variantId)],
      locale: 'en-us',
      contentRegion: 'na',
    });
    const change = await stock.set(variantId, 1);
    const notify = createBackInStockNotifier(handle.db, { mailer, origin: 'https://shop.example.com' });
    const counts = await Promise.all([notify([change]), notify([change]), notify([change])]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await mails()).filter((mail) => mail.name.includes('twice@'))).toHaveLength(1);
  });
});
