/**
 * Who on the staff may do what (issue 19): least privilege, one table. The server checks it in every back-office
 * loader and action; the navigation only mirrors it.
 */

export const STAFF_ROLES = ['owner', 'operations', 'pro_team', 'merchandiser', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL: readonly StaffRole[] = STAFF_ROLES;

export const PERMISSIONS = {
  /** The dashboard itself; each panel on it asks for its own permission. */
  'dashboard:view': ALL,
  'orders:read': ['owner', 'operations'],
  'orders:write': ['owner', 'operations'],
  'customers:read': ['owner', 'operations', 'pro_team'],
  'customers:write': ['owner', 'operations', 'pro_team'],
  /** Exporting and erasing a customer's personal data (GDPR requests). */
  'customers:privacy': ['owner', 'operations'],
  'pro:read': ['owner', 'pro_team'],
  'pro:write': ['owner', 'pro_team'],
  'catalogue:read': ['owner', 'operations', 'merchandiser'],
  'catalogue:write': ['owner', 'merchandiser'],
  'content:read': ['owner', 'editor'],
  'content:write': ['owner', 'editor'],
  /**
   * The review queue (issue 45): approve, reject, reply as the store. Customer service (operations) answers the
   * shoppers and the editors keep the store's voice; merchandisers price what is reviewed and do not judge it.
   */
  'reviews:moderate': ['owner', 'operations', 'editor'],
  'staff:manage': ['owner'],
  'audit:read': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  operations: 'Operations',
  pro_team: 'Pro team',
  merchandiser: 'Merchandiser',
  editor: 'Editor',
};

/** Owners must use a second factor; the others may. */
export function requiresTotp(role: StaffRole): boolean {
  return role === 'owner';
}
