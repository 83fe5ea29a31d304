import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { goLiveWarnings } from './go-live-settings.ts';

describe('goLiveWarnings', () => {
  it('names every setting a public deployment lacks on embedded defaults', () => {
    const warnings = goLiveWarnings(loadConfig({}), ['SEARCH_KEY']);
    for (const setting of ['PUBLIC_BASE_URL', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY', 'SEARCH_KEY'])
      expect(warnings.some((warning) => warning.startsWith(`${setting} is not set`))).toBe(true);
  });

  it('says nothing when a deployment sets them', () => {
    const config = loadConfig({
      PUBLIC_BASE_URL: 'https://shop.example.com',
      DATABASE_URL: 'postgres://u:p@db.example.com:5432/shop',
      SMTP_URL: 'smtp://u:p@mail.example.com:587',
      TRUST_PROXY: '1',
    });
    expect(goLiveWarnings(config, [])).toEqual([]);
    expect(goLiveWarnings(config, [], true)).toEqual([
      expect.stringContaining('demo staff accounts can sign in to /admin'),
    ]);
  });
});
