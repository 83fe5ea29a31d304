import { requiresTotp, type StaffRole } from './staff-permissions.ts';

/** What a staff member still owes before the back office opens: a code, a new password, a second factor. */
export type SignInStep = 'totp' | 'change-password' | 'enrol-totp' | 'done';

export interface SignInState {
  /** 'password': only the password is proven in this session; 'full': the second factor too (or none enrolled). */
  stage: 'password' | 'full';
  role: StaffRole;
  totpEnrolled: boolean;
  mustChangePassword: boolean;
}

/** The second factor first (when enrolled), then the owed password, then an owner's enrolment. */
export function signInStep(state: SignInState): SignInStep {
  if (state.totpEnrolled && state.stage === 'password') return 'totp';
  if (state.mustChangePassword) return 'change-password';
  if (requiresTotp(state.role) && !state.totpEnrolled) return 'enrol-totp';
  return 'done';
}
