import { describe, expect, it } from 'vitest';
import { can, isStaffRole, PERMISSIONS, requiresTotp, STAFF_ROLES } from './staff-permissions.ts';

describe('staff permissions (issue 19)', () => {
  it('gives the owner every permission', () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[])
      expect(can('owner', permission), permission).toBe(true);
  });

  it('keeps each role to its own work', () => {
    expect(can('operations', 'orders:write')).toBe(true);
    expect(can('operations', 'pro:write')).toBe(false);
    expect(can('pro_team', 'pro:write')).toBe(true);
    expect(can('pro_team', 'orders:read')).toBe(false);
    expect(can('pro_team', 'customers:privacy')).toBe(false);
    expect(can('merchandiser', 'customers:read')).toBe(false);
    expect(can('editor', 'orders:read')).toBe(false);
    expect(can('editor', 'content:write')).toBe(true);
    expect(can('operations', 'reviews:moderate')).toBe(true);
    expect(can('editor', 'reviews:moderate')).toBe(true);
    expect(can('merchandiser', 'reviews:moderate')).toBe(false);
    expect(can('pro_team', 'reviews:moderate')).toBe(false);
    for (const role of STAFF_ROLES.filter((role) => role !== 'owner')) {
      expect(can(role, 'staff:manage'), role).toBe(false);
      expect(can(role, 'audit:read'), role).toBe(false);
    }
  });

  it('recognises roles and asks only owners for a second factor', () => {
    expect(isStaffRole('pro_team')).toBe(true);
    expect(isStaffRole('admin')).toBe(false);
    expect(isStaffRole(3)).toBe(false);
    expect(STAFF_ROLES.filter(requiresTotp)).toEqual(['owner']);
  });
});
