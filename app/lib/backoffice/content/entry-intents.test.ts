import { describe, expect, it } from 'vitest';
import { chosenEnvironments } from './entry-intents.ts';

const KNOWN = ['production', 'staging'];

describe('the environments a publish goes to (issue 40)', () => {
  it('refuses a publish with none ticked, saying nothing went live', () => {
    expect(chosenEnvironments([], KNOWN, 'publish')).toEqual({
      ok: false,
      message: 'Nothing was published: tick the environments to publish to (none is ticked for you).',
    });
    expect(chosenEnvironments([], KNOWN, 'unpublish')).toMatchObject({
      ok: false,
      message: 'Nothing was unpublished: tick the environments to unpublish from.',
    });
  });

  it('takes the ticked ones once each, and refuses an unknown one', () => {
    expect(chosenEnvironments(['staging', 'staging', 'production'], KNOWN, 'publish')).toEqual({
      ok: true,
      environments: ['staging', 'production'],
    });
    expect(chosenEnvironments(['live'], KNOWN, 'publish')).toEqual({
      ok: false,
      message: 'There is no environment “live”.',
    });
  });
});
