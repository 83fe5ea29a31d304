import { describe, expect, it } from 'vitest';
import { REDIRECT_LIMIT, redirectLimitError } from './redirect-limit.ts';

describe("§5 §8 redirect loop limit: 10, beyond it 400 'Too many redirects'", () => {
  it('allows up to 10 redirects', () => {
    expect(REDIRECT_LIMIT).toBe(10);
    expect(redirectLimitError(0)).toBeNull();
    expect(redirectLimitError(10)).toBeNull();
  });

  it('answers 400 Too many redirects from the 11th', () => {
    expect(redirectLimitError(11)).toEqual({ status: 400, message: 'Too many redirects' });
    expect(redirectLimitError(50)?.status).toBe(400);
  });
});
