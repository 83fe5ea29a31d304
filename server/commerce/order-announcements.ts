import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import { orderEvents } from './schema-sales.ts';

/**
 * An order's announcement ('order-placed', whose subscriber writes the confirmation mail) is made after the
 * checkout has answered, not inside its answer (issue 42 #1: the mail was a third of a checkout's time, and a
 * flash sale waits for every checkout before it). It must not be lost when the process dies in between, so the
 * order's transaction also writes a row on the order's timeline (`order_events`, type `confirmation-pending`):
 * the order and its pending announcement commit together or not at all. Right after the commit the
 * announcement is made and the row becomes `confirmation-sent` (the timeline then says when). A row still
 * pending after a minute (the process died, the mail server refused) is taken up again by `retryPending`, at
 * start and every minute: at least once, so a process killed between the mail and the mark sends it twice.
 */
export const ANNOUNCEMENT_PENDING = 'confirmation-pending';
export const ANNOUNCEMENT_SENT = 'confirmation-sent';

/** How long a pending announcement is left to the process that wrote it before another one takes it up. */
export const ANNOUNCEMENT_RETRY_AFTER_SECONDS = 60;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface PendingAnnouncement {
  /** The `order_events` row. */
  id: number;
  orderId: number;
  /** The served locale segment the shopper ordered in (en-us). */
  locale: string;
}

/** Written inside the order's transaction. */
export async function recordAnnouncement(
  tx: Tx,
  orderId: number,
  locale: string,
  at: Date,
): Promise<PendingAnnouncement> {
  const [row] = await tx
    .insert(orderEvents)
    .values({ orderId, type: ANNOUNCEMENT_PENDING, detail: { locale }, createdAt: at })
    .returning({ id: orderEvents.id });
  return { id: row!.id, orderId, locale };
}

export function createOrderAnnouncements(
  db: Database,
  events: EventBus,
  logger: { error(details: object, message: string): void },
) {
  const inFlight = new Set<Promise<void>>();

  async function deliver(pending: PendingAnnouncement): Promise<void> {
    const delivered = await events.emitChecked('order-placed', {
      orderId: pending.orderId,
      locale: pending.locale,
    });
    // A subscriber failed (logged by the bus): the row stays pending and is tried again.
    if (!delivered) return;
    await db
      .update(orderEvents)
      .set({ type: ANNOUNCEMENT_SENT, createdAt: new Date() })
      .where(and(eq(orderEvents.id, pending.id), eq(orderEvents.type, ANNOUNCEMENT_PENDING)));
  }

  function track(work: Promise<void>): Promise<void> {
    const tracked = work
      .catch((error: unknown) => logger.error({ err: error }, 'announcing an order failed'))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  }

  return {
    /** Announces a committed order without making the caller wait. */
    announce(pending: PendingAnnouncement): void {
      void track(deliver(pending));
    },

    /**
     * Announces the orders whose announcement has been pending for more than a minute; answers how many. A row
     * is claimed by moving its time to now (under SKIP LOCKED), so two processes retrying at once take
     * different rows, and a claim whose process dies is free again a minute later.
     */
    async retryPending(limit = 100): Promise<number> {
      const claimed = (await db.execute(sql`
        update order_events set created_at = now()
         where id in (
           select id from order_events
            where type = ${ANNOUNCEMENT_PENDING}
              and created_at < now() - make_interval(secs => ${ANNOUNCEMENT_RETRY_AFTER_SECONDS})
            order by id limit ${limit}
            for update skip locked)
        returning id, order_id, detail`)) as unknown as {
        rows: { id: number; order_id: number; detail: { locale?: string } }[];
      };
      for (const row of claimed.rows)
        await track(deliver({ id: row.id, orderId: row.order_id, locale: row.detail?.locale ?? 'en-us' }));
      return claimed.rows.length;
    },

    /** Resolves when every announcement under way has finished (tests; a shutdown before closing the database). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type OrderAnnouncements = ReturnType<typeof createOrderAnnouncements>;
