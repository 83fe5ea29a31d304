/**
 * Demo-day bookings (SPEC §2 test-store): a place for a party at one of the in-store demo events the content
 * service lists. Capacity is checked and the booking written in one transaction, behind a per-event advisory
 * lock, so two visitors booking the last places at once cannot both get them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { demoBookings } from './schema.ts';

export { demoBookings } from './schema.ts';

export interface DemoEvent {
  uid: string;
  /** ISO date (YYYY-MM-DD) of the event. */
  date: string;
  capacity: number;
}

export interface BookingRequest {
  name: string;
  email: string;
  party: number;
  locale: string;
}

export type BookingOutcome =
  | { ok: true; id: number; remaining: number }
  | { ok: false; reason: 'full'; remaining: number }
  | { ok: false; reason: 'already-booked' | 'past' };

/** Places already taken per event uid (events without bookings are absent). */
export async function placesTaken(db: Database, eventUids: readonly string[]): Promise<Map<string, number>> {
  if (eventUids.length === 0) return new Map();
  const rows = await db
    .select({ uid: demoBookings.eventUid, taken: sql<number>`sum(${demoBookings.party})::int` })
    .from(demoBookings)
    .where(inArray(demoBookings.eventUid, [...eventUids]))
    .groupBy(demoBookings.eventUid);
  return new Map(rows.map((row) => [row.uid, Number(row.taken)]));
}

/** Books `party` places at `event`, or says why not; nothing is written unless it answers ok. */
export async function bookDemo(
  db: Database,
  event: DemoEvent,
  request: BookingRequest,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<BookingOutcome> {
  if (event.date < today) return { ok: false, reason: 'past' };
  const email = request.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Serialises bookings of one event (other events book in parallel); released at commit or rollback.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`demo-booking:${event.uid}`}))`);
    const [existing] = await tx
      .select({ id: demoBookings.id })
      .from(demoBookings)
      .where(and(eq(demoBookings.eventUid, event.uid), eq(demoBookings.email, email)));
    if (existing) return { ok: false, reason: 'already-booked' } as const;
    const [row] = await tx
      .select({ taken: sql<number>`coalesce(sum(${demoBookings.party}), 0)::int` })
      .from(demoBookings)
      .where(eq(demoBookings.eventUid, event.uid));
    const left = event.capacity - Number(row?.taken ?? 0);
    if (request.party > left) return { ok: false, reason: 'full', remaining: Math.max(0, left) } as const;
    const [inserted] = await tx
      .insert(demoBookings)
      .values({
        eventUid: event.uid,
        eventDate: event.date,
        name: request.name.trim(),
        email,
        party: request.party,
        locale: request.locale,
        consentAt: new Date(),
      })
      .returning({ id: demoBookings.id });
    return { ok: true, id: inserted!.id, remaining: left - request.party } as const;
  });
}

export interface DemoEventWithPlaces extends DemoEvent {
  /** Places still free (never below 0). */
  placesLeft: number;
}

/** Demo-day bookings as the storefront uses them: events with their places left, and booking a place. */
export function createBookings(db: Database) {
  return {
    async withPlacesLeft<E extends DemoEvent>(
      events: readonly E[],
    ): Promise<Array<E & { placesLeft: number }>> {
      const taken = await placesTaken(
        db,
        events.map((event) => event.uid),
      );
      return events.map((event) => ({
        ...event,
        placesLeft: Math.max(0, event.capacity - (taken.get(event.uid) ?? 0)),
      }));
    },
    book: (event: DemoEvent, request: BookingRequest, today?: string) => bookDemo(db, event, request, today),
  };
}

export type Bookings = ReturnType<typeof createBookings>;
