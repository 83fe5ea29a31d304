import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./var');
    expect(config.SEED_ON_EMPTY).toBe(true);
  });

  it('takes PORT and DATABASE_URL from the environment', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/db');
  });

  it.each([
    ['PORT', 'abc', 'must be a whole number from 1 to 65535'],
    ['PORT', '70000', 'must be a whole number from 1 to 65535'],
    ['PORT', '3.5', 'must be a whole number from 1 to 65535'],
    ['DATABASE_URL', 'mysql://x', 'must be a postgres:// or postgresql:// connection URL'],
    ['LOG_LEVEL', 'loud', 'must be one of'],
    ['SEED_ON_EMPTY', 'yes', "must be 'true' or 'false'"],
    ['STORE_TIME_ZONE', 'Mountain Time', 'must be an IANA time zone'],
  ])('rejects %s=%s naming the setting', (setting, value, problem) => {
    let error: unknown;
    try {
      loadConfig({ [setting]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).setting).toBe(setting);
    expect((error as ConfigError).message).toContain(`${setting}=`);
    expect((error as ConfigError).message).toContain(problem);
  });
});

describe('bot protection settings', () => {
  it('are off by default', () => {
    expect(loadConfig({}).RECAPTCHA_SITE_KEY).toBeUndefined();
  });

  it('refuse a site key without its secret', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrowError(/RECAPTCHA_SECRET_KEY/);
    expect(() => loadConfig({ RECAPTCHA_SECRET_KEY: 'secret' })).toThrowError(/RECAPTCHA_SITE_KEY/);
    expect(
      loadConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' }).RECAPTCHA_MIN_SCORE,
    ).toBe(0.5);
  });
});

describe('the store time zone', () => {
  it('stays UTC unless set, so an existing install shows what it showed', () => {
    expect(loadConfig({}).STORE_TIME_ZONE).toBe('UTC');
  });

  it('takes an IANA name', () => {
    expect(loadConfig({ STORE_TIME_ZONE: 'America/Denver' }).STORE_TIME_ZONE).toBe('America/Denver');
  });
});
