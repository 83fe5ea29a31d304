import { describe, expect, it } from 'vitest';
import { signInStep } from './staff-sign-in.ts';

const base = { stage: 'full', role: 'operations', totpEnrolled: false, mustChangePassword: false } as const;

describe('the steps of a staff sign-in (issue 19)', () => {
  it('asks for the code first when a second factor is enrolled', () => {
    expect(signInStep({ ...base, stage: 'password', totpEnrolled: true, mustChangePassword: true })).toBe(
      'totp',
    );
  });
  it('then for the owed password, then for an owner’s enrolment', () => {
    expect(signInStep({ ...base, mustChangePassword: true, role: 'owner' })).toBe('change-password');
    expect(signInStep({ ...base, role: 'owner' })).toBe('enrol-totp');
  });
  it('lets the others in without a second factor, and an enrolled owner after the code', () => {
    expect(signInStep(base)).toBe('done');
    expect(signInStep({ ...base, stage: 'password' })).toBe('done');
    expect(signInStep({ ...base, role: 'owner', totpEnrolled: true })).toBe('done');
  });
});
