/**
 * Which notifications of a hosted content service change what the storefront shows (issue 44 #4). The hosted
 * service calls the store's webhook on every event of a stack; only a publication, an unpublication, a deletion
 * or a release deployed to the environment the store reads changes delivered content. A draft saved, a workflow
 * step or another environment's publication leaves every page as it is.
 */

/** Events that change what the delivery API answers. */
export const DELIVERY_EVENTS = ['publish', 'unpublish', 'delete', 'deploy'] as const;

export interface ContentNotification {
  module: string;
  event: string;
  apiKey: string;
  /** The environment the event happened in, when the payload names one. */
  environment?: string | null | undefined;
}

export type ContentNotificationOutcome =
  | { moves: true }
  | { moves: false; reason: 'other-stack' | 'not-delivered' | 'other-environment' };

export function contentNotificationOutcome(
  notification: ContentNotification,
  store: { apiKey: string; environment: string },
): ContentNotificationOutcome {
  if (notification.apiKey !== store.apiKey) return { moves: false, reason: 'other-stack' };
  if (!(DELIVERY_EVENTS as readonly string[]).includes(notification.event))
    return { moves: false, reason: 'not-delivered' };
  // A deletion or a content type's change names no environment: it changes every environment, this one too.
  if (notification.environment && notification.environment !== store.environment)
    return { moves: false, reason: 'other-environment' };
  return { moves: true };
}
