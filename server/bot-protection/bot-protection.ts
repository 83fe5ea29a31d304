import { z } from 'zod';

/**
 * Bot protection (SPEC §1, §8): with a site key configured, forms carry a token per action from the challenge
 * script, and the server verifies it with the provider before acting. Without keys, forms work as they are.
 */
export type BotCheck = { ok: true } | { ok: false; reason: string };

export interface BotProtection {
  /** The public site key the browser needs, or null when protection is off. */
  readonly siteKey: string | null;
  verify(token: unknown, action: string, remoteIp?: string | null): Promise<BotCheck>;
}

export interface BotProtectionSettings {
  RECAPTCHA_SITE_KEY?: string;
  RECAPTCHA_SECRET_KEY?: string;
  RECAPTCHA_VERIFY_URL: string;
  RECAPTCHA_MIN_SCORE: number;
}

// The provider's documented siteverify answer.
const verifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export const BOT_CHECK_FAILED = 'We could not confirm you are not a robot. Please try again.';

export function createBotProtection(
  settings: BotProtectionSettings,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5000,
): BotProtection {
  const secret = settings.RECAPTCHA_SECRET_KEY;
  if (!settings.RECAPTCHA_SITE_KEY || !secret) {
    return { siteKey: null, verify: async () => ({ ok: true }) };
  }
  return {
    siteKey: settings.RECAPTCHA_SITE_KEY,
    async verify(token, action, remoteIp) {
      if (typeof token !== 'string' || token.length < 10 || token.length > 4096) {
        return { ok: false, reason: 'missing-token' };
      }
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      let answer: z.infer<typeof verifyResponse>;
      try {
        const response = await fetchImpl(settings.RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { ok: false, reason: `verify-status-${response.status}` };
        answer = verifyResponse.parse(await response.json());
      } catch {
        // Fail closed: an unverifiable token is not a human's.
        return { ok: false, reason: 'verify-unavailable' };
      }
      if (!answer.success) return { ok: false, reason: answer['error-codes']?.join(',') || 'rejected' };
      if (answer.action !== undefined && answer.action !== action)
        return { ok: false, reason: 'action-mismatch' };
      if (answer.score !== undefined && answer.score < settings.RECAPTCHA_MIN_SCORE) {
        return { ok: false, reason: 'low-score' };
      }
      return { ok: true };
    },
  };
}
