import { describe, expect, it } from 'vitest';
import { ContentManagementError } from '../errors.ts';
import { problemsByField, refusalError, refusalOf } from './errors.ts';

describe('the management protocol’s refusal table', () => {
  it('answers each refusal of the service with its status and the hosted error shape', () => {
    const invalid = refusalError({
      code: 'invalid',
      message: 'The entry has problems.',
      problems: [
        { path: ['title'], message: 'Title is required.' },
        { path: ['modules', 2, 'banner'], message: 'Pick a banner.' },
        { path: ['modules', 2, 'banner'], message: 'Only banners.' },
      ],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      title: ['Title is required.'],
      'modules.2.banner': ['Pick a banner.', 'Only banners.'],
    });

    const referenced = refusalError({
      code: 'referenced',
      message: 'Published entries still show it.',
      referrers: [{ contentType: 'header', uid: 'main-header', locale: 'en-us', title: 'Header' }],
    });
    expect(referenced.status).toBe(409);
    expect(referenced.body.referrers).toEqual([
      { content_type_uid: 'header', uid: 'main-header', locale: 'en-us', title: 'Header' },
    ]);
    expect(referenced.body.errors.entry).toEqual(["is referenced by header 'Header' (main-header, en-us)."]);

    const stale = refusalError({ code: 'stale', message: 'Saved meanwhile.', currentVersion: 7 });
    expect([stale.status, stale.body.current_version]).toEqual([409, 7]);
    expect(refusalError({ code: 'not-found', message: 'No such entry.' }).status).toBe(404);
  });

  it('finds the refusal a content management error carries, and nothing in other errors', () => {
    const refusal = { code: 'not-found', message: 'No such entry.' } as const;
    expect(refusalOf(new ContentManagementError(refusal))).toBe(refusal);
    expect(refusalOf(Object.assign(new Error('x'), { refusal }))).toBeNull();
    expect(refusalOf(new Error('connection reset'))).toBeNull();
    expect(refusalOf(null)).toBeNull();
  });

  it('keys a problem without a path on the entry', () => {
    expect(problemsByField([{ path: [], message: 'A reference cycle.' }])).toEqual({
      entry: ['A reference cycle.'],
    });
  });
});
