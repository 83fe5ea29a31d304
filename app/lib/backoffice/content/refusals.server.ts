import type { ContentRefusal } from '#server/content/management/contract.ts';
import { refusalOf } from './management.server.ts';

const STATUS: Record<ContentRefusal['code'], number> = {
  'not-found': 404,
  invalid: 400,
  referenced: 409,
  stale: 409,
};

/** The HTTP status of a refusal of the content management service. */
export const refusalStatus = (refusal: ContentRefusal) => STATUS[refusal.code];

/**
 * Runs a management call and hands back its refusal as it is (the asset library shows a refused upload on its
 * file field and a refused deletion on the asset's card); a fault is thrown on to the error page.
 */
export async function attemptRefusable<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: ContentRefusal }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false, refusal };
  }
}
