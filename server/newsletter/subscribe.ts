import type { Database } from '../db/database.ts';
import { newsletterSubscriptions } from './schema.ts';

export interface Subscription {
  email: string;
  listIds: readonly string[];
  locale: string;
  contentRegion: string;
}

/**
 * Adds the address to each list. Subscribing twice changes nothing and answers the same, so the form never
 * reveals whether an address was already on a list.
 */
export async function subscribe(db: Database, subscription: Subscription): Promise<void> {
  const email = subscription.email.trim().toLowerCase();
  await db
    .insert(newsletterSubscriptions)
    .values(
      subscription.listIds.map((listId) => ({
        email,
        listId,
        locale: subscription.locale,
        contentRegion: subscription.contentRegion,
      })),
    )
    .onConflictDoNothing();
}

export interface Newsletter {
  subscribe(subscription: Subscription): Promise<void>;
}

export function createNewsletter(db: Database): Newsletter {
  return { subscribe: (subscription) => subscribe(db, subscription) };
}
