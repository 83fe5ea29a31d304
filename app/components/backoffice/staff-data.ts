import { useRouteLoaderData } from 'react-router';
import type { StaffRole } from '#core/staff-permissions.ts';

/** What the back-office layout hands every page: who is signed in and the token its forms carry. */
export interface StaffLayoutData {
  staff: { id: number; email: string; name: string; role: StaffRole };
  csrfToken: string;
  nav: { href: string; label: string }[];
}

export const STAFF_LAYOUT_ID = 'routes/admin/layout';

export function useStaff(): StaffLayoutData {
  const found = useRouteLoaderData<StaffLayoutData>(STAFF_LAYOUT_ID);
  if (!found) throw new Error('useStaff outside the back-office layout');
  return found;
}
