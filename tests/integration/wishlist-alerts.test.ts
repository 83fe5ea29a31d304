import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { productPrices, variants } from '#server/commerce/schema-catalogue.ts';
import { customers } from '#server/commerce/schema-customers.ts';
import { readContentFiles } from '#server/content/content-files.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createOutboxMailer, type Mailer } from '#server/mail/mailer.ts';
import { createWishlistAlerts, type WishlistAlerts } from '#server/wishlist/alerts.ts';
import { createWishlists, eraseWishlistOf, type Wishlists } from '#server/wishlist/index.ts';
import { wishlistItems } from '#server/wishlist/schema.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

const REGION = 'eu_region_1';
const DAY = 24 * 3_600_000;

/** Seeded display text of a content locale, keyed as the content client keys it (lower-cased title). */
function seededText(contentLocale: string): Record<string, string> {
  const text: Record<string, string> = {};
  for (const file of readContentFiles()) {
    if (file.content_type !== 'display_text') continue;
    const fields = file.locales[contentLocale] as { title?: string; text?: string } | undefined;
    if (fields?.title && fields.text) text[fields.title.toLowerCase()] = fields.text;
  }
  return text;
}

/** Quoted-printable bytes (bodies, and Q-encoded header words). */
const qpBytes = (text: string) => {
  const bytes: number[] = [];
  const flat = text.replace(/=\r?\n/g, '');
  for (let at = 0; at < flat.length; at += 1) {
    const hex = flat[at] === '=' ? /^[0-9A-F]{2}/i.exec(flat.slice(at + 1, at + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      at += 2;
    } else bytes.push(...Buffer.from(flat[at]!, 'utf8'));
  }
  return Buffer.from(bytes);
};
const fromQuotedPrintable = (text: string) => qpBytes(text).toString('utf8');

/** The Subject header's encoded words, joined before decoding (a character may be split between two). */
const decodeSubject = (eml: string) => {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(eml)?.[1] ?? '';
  const words = [...header.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)];
  if (words.length === 0) return header;
  return Buffer.concat(
    words.map(([, kind, body]) =>
      kind!.toUpperCase() === 'B' ? Buffer.from(body!, 'base64') : qpBytes(body!.replace(/_/g, ' ')),
    ),
  ).toString('utf8');
};

/**
 * Issue 45, decision 0054: a listed product's price drop or return to stock, mailed to who opted in, once, in
 * their language, from the change log the back office's writes fill; on both databases.
 */
describe.each(testDatabaseTargets)('wishlist price-drop and back-in-stock mail on $name', (target) => {
  let handle: DatabaseHandle;
  let outbox: string;
  let commerce: Commerce;
  let wishlists: Wishlists;
  let alerts: WishlistAlerts;
  let mailer: Mailer;
  let productId: number;
  let sizes: number[];
  let actor: Awaited<ReturnType<typeof insertActor>>;
  let nextCustomer = 0;

  function alertsWith(intervalMs = DAY): WishlistAlerts {
    return createWishlistAlerts(handle.db, {
      mailer,
      origin: 'https://shop.example.com',
      pricing: (regionId, customerId) => commerce.groups.pricing(regionId, customerId),
      intervalMs,
      textFor: async (contentLocale) => seededText(contentLocale),
    });
  }

  beforeAll(async () => {
    handle = await openSeeded(target);
    outbox = await mkdtemp(join(tmpdir(), 'wishlist-alerts-'));
    mailer = createOutboxMailer({ from: 'Ridgeline <shop@ridgeline.example>', outboxDir: outbox });
    commerce = createCommerce(handle.db, { throttleKey: 'wishlist-alert-throttle-key-0123456789abcdef' });
    wishlists = createWishlists(handle.db);
    actor = await insertActor(handle.db, 'owner', 'prices@wishlist-alerts.test');
    // A product sold in the region whose sizes cost the product's price, with two sizes at least.
    const found = (await handle.db.execute(sql`
      select p.id from products p join product_prices pp on pp.product_id = p.id and pp.region_id = ${REGION}
      where p.is_visible and pp.sale_price is null
        and (select count(*) from variants v where v.product_id = p.id) >= 2
        and not exists (select 1 from variants v join variant_prices vp on vp.variant_id = v.id
          where v.product_id = p.id and vp.region_id = ${REGION})
      order by p.id limit 1`)) as unknown as { rows: Array<{ id: number }> };
    productId = Number(found.rows[0]!.id);
    sizes = (
      await handle.db
        .select({ id: variants.id })
        .from(variants)
        .where(eq(variants.productId, productId))
        .orderBy(variants.id)
    ).map((row) => row.id);
    await commerce.stock.applyMany(sizes.map((variantId) => ({ variantId, reason: 'count', set: 5 })));
    alerts = alertsWith();
    await alerts.tick();
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  async function customer(): Promise<{ id: number; email: string }> {
    nextCustomer += 1;
    const email = `watcher-${nextCustomer}@wishlist-alerts.test`;
    const [row] = await handle.db
      .insert(customers)
      .values({ email, passwordHash: 'x', firstName: 'W', lastName: 'A' })
      .returning({ id: customers.id });
    return { id: row!.id, email };
  }

  async function mailsTo(email: string) {
    const names = (await readdir(outbox)).filter((name) => name.endsWith(`${email}.eml`)).sort();
    return Promise.all(
      names.map(async (name) => {
        const eml = await readFile(join(outbox, name), 'utf8');
        return { name, subject: decodeSubject(eml), text: fromQuotedPrintable(eml) };
      }),
    );
  }

  async function retail(): Promise<number> {
    const [row] = await handle.db
      .select({ retail: productPrices.retailPrice })
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), eq(productPrices.regionId, REGION)));
    return row!.retail;
  }

  /** A price cut in the back office: the retail price in the region, lowered by `by`. */
  async function cut(by: number) {
    const now = await retail();
    await commerce.priceAdmin.setPrice(actor, productId, REGION, {
      retail: Math.round((now - by) * 100) / 100,
      sale: null,
      saleStartsAt: null,
      saleEndsAt: null,
    });
    return now;
  }

  async function optIn(who: { id: number }, variantId: number | null, locale = 'de-de') {
    expect(await wishlists.add(who.id, productId, variantId)).toEqual({ saved: true });
    expect(await alerts.choose(who.id, productId, { on: true, variantId, locale, regionId: REGION })).toBe(
      true,
    );
  }

  it('is off until the customer opts in, and a price cut then mails them once, in German, with both prices', async () => {
    const ada = await customer();
    await wishlists.add(ada.id, productId, null);
    expect((await alerts.settings(ada.id))[0]).toMatchObject({ productId, on: false, variantId: null });
    await optIn(ada, null);
    expect((await alerts.settings(ada.id))[0]).toMatchObject({ on: true, variantId: null });
    const before = await cut(10);
    expect(await alerts.tick()).toBe(1);
    const mails = await mailsTo(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.name).toContain('-price-drop-');
    const was = before.toFixed(2).replace('.', ',');
    const now = (before - 10).toFixed(2).replace('.', ',');
    expect(mails[0]!.subject).toContain(`kostet jetzt ${now}`);
    expect(mails[0]!.text).toContain('auf Ihrer Wunschliste');
    expect(mails[0]!.text).toContain(`statt ${was}`);
    expect(mails[0]!.text).toContain('jede Größe');
    expect(mails[0]!.text).toContain('https://shop.example.com/de-de/account/wishlist');
    // A second cut the same day: held back, not mailed; nor is the same change looked at again.
    await cut(5);
    expect(await alerts.tick()).toBe(0);
    expect(await alerts.tick()).toBe(0);
    expect(await mailsTo(ada.email)).toHaveLength(1);
    const [row] = await handle.db
      .select({ held: wishlistItems.alertHeld, price: wishlistItems.alertPrice })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.customerId, ada.id), eq(wishlistItems.productId, productId)));
    expect(row).toEqual({ held: true, price: before - 10 });
  });

  it('mails a held drop once the interval has passed, without another change', async () => {
    const bea = await customer();
    await optIn(bea, null);
    await cut(3);
    expect(await alerts.tick()).toBeGreaterThanOrEqual(1);
    await cut(2);
    expect(await alerts.tick()).toBe(0);
    expect(await mailsTo(bea.email)).toHaveLength(1);
    // The last mail a day ago: the held drop goes on the next look.
    await handle.db
      .update(wishlistItems)
      .set({ alertedAt: new Date(Date.now() - DAY - 60_000) })
      .where(eq(wishlistItems.customerId, bea.id));
    expect(await alerts.tick()).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(bea.email)).toHaveLength(2);
  });

  it('mails when a scheduled sale starts, told by the sale schedule’s look, not by the save', async () => {
    const hal = await customer();
    await optIn(hal, null, 'en-us');
    const price = await retail();
    await commerce.priceAdmin.setPrice(actor, productId, REGION, {
      retail: price,
      sale: Math.round((price - 20) * 100) / 100,
      saleStartsAt: new Date(Date.now() + 5000),
      saleEndsAt: null,
    });
    await alerts.tick();
    expect(await mailsTo(hal.email)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(await commerce.saleSchedule.tick()).toBe(true);
    await alerts.tick();
    const mails = await mailsTo(hal.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/now costs [0-9.,]+ €.*, down from [0-9.,]+ €/);
    await commerce.priceAdmin.removeSale(actor, productId, REGION);
  });

  it('mails the back-in-stock mail when the watched size returns, not for another size', async () => {
    const cy = await customer();
    const [watched, other] = sizes as [number, number];
    await commerce.stock.applyMany([
      { variantId: watched, reason: 'count', set: 0 },
      { variantId: other, reason: 'count', set: 0 },
    ]);
    await optIn(cy, watched, 'fr-fr');
    await commerce.stock.applyMany([{ variantId: other, reason: 'delivery', adjust: 4 }]);
    await alerts.tick();
    expect(await mailsTo(cy.email)).toHaveLength(0);
    await commerce.stock.applyMany([{ variantId: watched, reason: 'delivery', adjust: 4 }]);
    await alerts.tick();
    const mails = await mailsTo(cy.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.name).toContain('-back-in-stock-');
    expect(mails[0]!.subject).toContain('est de nouveau en stock');
  });

  it('mails nothing once switched off, and the erase removes the opt-in with the list', async () => {
    const dan = await customer();
    await optIn(dan, null);
    expect(
      await alerts.choose(dan.id, productId, {
        on: false,
        variantId: null,
        locale: 'de-de',
        regionId: REGION,
      }),
    ).toBe(true);
    await cut(1);
    await alerts.tick();
    expect(await mailsTo(dan.email)).toHaveLength(0);
    await optIn(dan, null);
    await handle.db.transaction((tx) => eraseWishlistOf(tx, dan.id));
    expect(await alerts.settings(dan.id)).toEqual([]);
    expect(
      await alerts.choose(dan.id, productId, {
        on: true,
        variantId: null,
        locale: 'de-de',
        regionId: REGION,
      }),
    ).toBe(false);
    await cut(1);
    await alerts.tick();
    expect(await mailsTo(dan.email)).toHaveLength(0);
  });

  it('refuses an opt-in for a product not on the list', async () => {
    const eve = await customer();
    expect(
      await alerts.choose(eve.id, productId, {
        on: true,
        variantId: null,
        locale: 'en-us',
        regionId: REGION,
      }),
    ).toBe(false);
  });

  it('mails once when two processes look at the same drop at the same time, and once on a retry', async () => {
    const fay = await customer();
    await optIn(fay, null, 'en-us');
    await cut(2);
    const other = alertsWith();
    const sent = await Promise.all([alerts.judge(fay.id, productId), other.judge(fay.id, productId)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    await Promise.all([alerts.tick(), other.tick()]);
    expect(await alerts.judge(fay.id, productId)).toBe(false);
    const mails = await mailsTo(fay.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/now costs [0-9.,]+ €$/);
  });

  it('a failed send mails nothing and leaves the drop to the next look', async () => {
    const gus = await customer();
    await optIn(gus, null, 'en-us');
    await cut(1);
    const failing = createWishlistAlerts(handle.db, {
      mailer: { send: () => Promise.reject(new Error('SMTP is down')) },
      origin: 'https://shop.example.com',
      pricing: (regionId, customerId) => commerce.groups.pricing(regionId, customerId),
      intervalMs: DAY,
    });
    expect(await failing.judge(gus.id, productId)).toBe(false);
    expect(await alerts.judge(gus.id, productId)).toBe(true);
    expect(await mailsTo(gus.email)).toHaveLength(1);
  });
});
