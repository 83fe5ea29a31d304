import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotProtection } from './bot-protection.ts';

// A local stand-in for the provider's siteverify endpoint, answering in its documented format.
let server: Server;
let url = '';
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const params = new URLSearchParams(body);
      seen.push(params);
      const token = params.get('response') ?? '';
      if (token === 'token-server-error') {
        response.writeHead(500).end();
        return;
      }
      const answers: Record<string, object> = {
        'token-human-login': { success: true, score: 0.9, action: 'login' },
        'token-robot-login': { success: true, score: 0.1, action: 'login' },
        'token-expired-abc': { success: false, 'error-codes': ['timeout-or-duplicate'] },
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(answers[token] ?? { success: false, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const settings = () => ({
  RECAPTCHA_SITE_KEY: 'site-key',
  RECAPTCHA_SECRET_KEY: 'secret-key',
  RECAPTCHA_VERIFY_URL: url,
  RECAPTCHA_MIN_SCORE: 0.5,
});

describe('bot protection (§1, §8)', () => {
  it('lets every form through when no keys are configured', async () => {
    const off = createBotProtection({ RECAPTCHA_VERIFY_URL: url, RECAPTCHA_MIN_SCORE: 0.5 });
    expect(off.siteKey).toBeNull();
    expect(await off.verify(undefined, 'login')).toEqual({ ok: true });
  });

  it('accepts a human token for its own action and sends the secret and the visitor IP', async () => {
    const on = createBotProtection(settings());
    expect(on.siteKey).toBe('site-key');
    expect(await on.verify('token-human-login', 'login', '203.0.113.9')).toEqual({ ok: true });
    const last = seen.at(-1)!;
    expect(last.get('secret')).toBe('secret-key');
    expect(last.get('remoteip')).toBe('203.0.113.9');
  });

  it.each([
    [undefined, 'login', 'missing-token'],
    ['short', 'login', 'missing-token'],
    ['token-human-login', 'signup', 'action-mismatch'],
    ['token-robot-login', 'login', 'low-score'],
    ['token-expired-abc', 'login', 'timeout-or-duplicate'],
    ['token-server-error', 'login', 'verify-status-500'],
  ])('refuses %s for %s (%s)', async (token, action, reason) => {
    expect(await createBotProtection(settings()).verify(token, action)).toEqual({ ok: false, reason });
  });

  it('fails closed when the provider cannot be reached', async () => {
    const unreachable = createBotProtection({
      ...settings(),
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    expect(await unreachable.verify('token-human-login', 'login')).toEqual({
      ok: false,
      reason: 'verify-unavailable',
    });
  });
});
