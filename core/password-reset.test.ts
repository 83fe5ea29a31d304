import { describe, expect, it } from 'vitest';
import { passwordResetLink } from './password-reset.ts';

describe('§2 password-reset link per commerce region', () => {
  const hosts = {
    us: 'https://shop.example.com/',
    ca: 'ca.shop.example.com',
    eu_region_1: 'https://eu.shop.example.com',
  };

  it('goes to the storefront login page with action=reset_password on the region host', () => {
    expect(passwordResetLink('us', hosts)).toBe('https://shop.example.com/login.php?action=reset_password');
    expect(passwordResetLink('ca', hosts)).toBe(
      'https://ca.shop.example.com/login.php?action=reset_password',
    );
    expect(passwordResetLink('eu_region_1', hosts)).toBe(
      'https://eu.shop.example.com/login.php?action=reset_password',
    );
  });
});
