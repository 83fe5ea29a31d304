import { useStaff } from './staff-data.ts';

/** The staff session's anti-forgery token, which every back-office form posts (parseStaffForm checks it). */
export function CsrfField() {
  return <input type="hidden" name="csrf" value={useStaff().csrfToken} />;
}
