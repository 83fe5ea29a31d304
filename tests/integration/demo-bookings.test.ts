import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDemo, demoBookings, placesTaken } from '#server/bookings/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { dataVersions } from '#server/schema.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const TODAY = '2026-11-01';
const person = (n: number, party = 1) => ({
  name: `Guest ${n}`,
  email: `Guest${n}@Example.com`,
  party,
  locale: 'en-us',
});

describe.each(testDatabaseTargets)('demo-day bookings on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('stores a booking with the lower-cased email and counts its places', async () => {
    const event = { uid: 'demo-a', date: '2026-12-12', capacity: 10 };
    const outcome = await bookDemo(handle.db, event, person(1, 3), TODAY);
    expect(outcome).toMatchObject({ ok: true, remaining: 7 });
    const rows = await handle.db.select().from(demoBookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventUid: 'demo-a', email: 'guest1@example.com', party: 3 });
    expect(rows[0]!.consentAt).toBeInstanceOf(Date);
    expect(await placesTaken(handle.db, ['demo-a', 'demo-none'])).toEqual(new Map([['demo-a', 3]]));
    // The page showing places left is cached for anonymous visitors: a booking moves its data version.
    const [version] = await handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'bookings'));
    expect(version?.version).toBe(1);
  });

  it('refuses a second booking by the same address and writes nothing', async () => {
    const event = { uid: 'demo-a', date: '2026-12-12', capacity: 10 };
    expect(await bookDemo(handle.db, event, { ...person(1), email: ' guest1@example.COM ' }, TODAY)).toEqual({
      ok: false,
      reason: 'already-booked',
    });
    expect((await placesTaken(handle.db, ['demo-a'])).get('demo-a')).toBe(3);
  });

  it('never books past capacity, even when many book the last places at once', async () => {
    const event = { uid: 'demo-b', date: '2026-12-19', capacity: 5 };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, n) => bookDemo(handle.db, event, person(100 + n, 2), TODAY)),
    );
    const booked = outcomes.filter((outcome) => outcome.ok);
    expect(booked).toHaveLength(2);
    expect((await placesTaken(handle.db, ['demo-b'])).get('demo-b')).toBe(4);
    // One place is left: a party of two is told how many remain, a single guest still gets in, then full.
    expect(await bookDemo(handle.db, event, person(200, 2), TODAY)).toEqual({
      ok: false,
      reason: 'full',
      remaining: 1,
    });
    expect(await bookDemo(handle.db, event, person(201, 1), TODAY)).toMatchObject({ ok: true, remaining: 0 });
    expect(await bookDemo(handle.db, event, person(202, 1), TODAY)).toEqual({
      ok: false,
      reason: 'full',
      remaining: 0,
    });
    expect((await placesTaken(handle.db, ['demo-b'])).get('demo-b')).toBe(5);
  });

  it('refuses an event that has already taken place', async () => {
    const event = { uid: 'demo-c', date: '2026-10-31', capacity: 5 };
    expect(await bookDemo(handle.db, event, person(300), TODAY)).toEqual({ ok: false, reason: 'past' });
    expect(await placesTaken(handle.db, ['demo-c'])).toEqual(new Map());
  });
});
