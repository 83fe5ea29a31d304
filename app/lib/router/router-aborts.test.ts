import { describe, expect, it } from 'vitest';
import { ignoreUnhandledAborts } from './router-aborts.ts';

/** An unhandled-rejection event as the browser raises it (Node has no PromiseRejectionEvent). */
function rejection(reason: unknown): Event & { reason: unknown } {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
}

describe('unhandled rejections of aborted requests', () => {
  const target = new EventTarget();
  ignoreUnhandledAborts(target as unknown as Window);

  it('marks an abort the router made itself as handled', () => {
    const event = rejection(new DOMException('signal is aborted without reason', 'AbortError'));
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves every other failure to be reported', () => {
    for (const reason of [
      new Error('signal is aborted without reason'),
      new DOMException('quota', 'QuotaExceededError'),
      new TypeError('Failed to fetch'),
      'AbortError',
    ]) {
      const event = rejection(reason);
      target.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
  });
});
