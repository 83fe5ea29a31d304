/**
 * The webhook's backstop (issue 44 #4): a hosted content service may fail to deliver a notification, or have none
 * set up. Every CONTENT_SYNC_INTERVAL_MS the store asks the service's sync API what was published, unpublished or
 * deleted since its last question, and moves the content data version when anything was, as a publication in the
 * built-in service does through its triggers. The first question only takes the service's current sync token.
 */
import type { DeliveryClient } from './delivery-client.ts';

interface SyncPage {
  items?: unknown[];
  pagination_token?: string;
  sync_token?: string;
}

export interface ContentChangePoll {
  /** One question: how many items changed since the last (0 on the first, which only takes the token). */
  pollOnce(): Promise<number>;
  start(): void;
  stop(): void;
}

export function createContentChangePoll(options: {
  /** A delivery client of the hosted service, GET form, no cache. */
  delivery: DeliveryClient;
  intervalMs: number;
  moveContent(): Promise<void>;
  logger?: { warn(obj: object, msg?: string): void };
}): ContentChangePoll {
  let syncToken: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;

  /** Reads every page of one sync answer; resolves with the items' count and the token for next time. */
  async function readAll(first: Record<string, unknown>): Promise<{ items: number; token: string }> {
    let page = await options.delivery.request<SyncPage>('/stacks/sync', first, -1);
    let items = page.items?.length ?? 0;
    while (page.pagination_token) {
      page = await options.delivery.request<SyncPage>(
        '/stacks/sync',
        { pagination_token: page.pagination_token },
        -1,
      );
      items += page.items?.length ?? 0;
    }
    if (!page.sync_token) throw new Error('the content service answered sync without a sync_token');
    return { items, token: page.sync_token };
  }

  async function question(): Promise<number> {
    if (syncToken === null) {
      syncToken = (await readAll({ init: true })).token;
      return 0;
    }
    const { items, token } = await readAll({ sync_token: syncToken });
    // The version moves before the token does: a failure in between asks the same question again next time.
    if (items > 0) await options.moveContent();
    syncToken = token;
    return items;
  }

  function pollOnce(): Promise<number> {
    running ??= question().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    pollOnce,
    start() {
      if (timer || options.intervalMs <= 0) return;
      const tick = () =>
        pollOnce().catch((error: unknown) =>
          options.logger?.warn({ err: error }, 'hosted content sync poll failed'),
        );
      void tick();
      timer = setInterval(tick, options.intervalMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
