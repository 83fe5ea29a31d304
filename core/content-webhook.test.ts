import { describe, expect, it } from 'vitest';
import { contentNotificationOutcome } from './content-webhook.ts';

const store = { apiKey: 'blt-store', environment: 'production' };

describe('contentNotificationOutcome', () => {
  it.each(['publish', 'unpublish', 'delete', 'deploy'])(
    'moves the content on %s in the environment read',
    (event) => {
      expect(
        contentNotificationOutcome(
          { module: 'entry', event, apiKey: 'blt-store', environment: 'production' },
          store,
        ),
      ).toEqual({ moves: true });
    },
  );

  it('moves the content when the event names no environment (a deletion, a content type)', () => {
    expect(
      contentNotificationOutcome({ module: 'content_type', event: 'delete', apiKey: 'blt-store' }, store),
    ).toEqual({
      moves: true,
    });
  });

  it('leaves pages alone for drafts, other environments and other stacks', () => {
    expect(
      contentNotificationOutcome(
        { module: 'entry', event: 'update', apiKey: 'blt-store', environment: null },
        store,
      ),
    ).toEqual({ moves: false, reason: 'not-delivered' });
    expect(
      contentNotificationOutcome(
        { module: 'entry', event: 'publish', apiKey: 'blt-store', environment: 'staging' },
        store,
      ),
    ).toEqual({ moves: false, reason: 'other-environment' });
    expect(
      contentNotificationOutcome(
        { module: 'entry', event: 'publish', apiKey: 'blt-other', environment: 'production' },
        store,
      ),
    ).toEqual({ moves: false, reason: 'other-stack' });
  });
});
