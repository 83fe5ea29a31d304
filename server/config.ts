import { z } from 'zod';
import { DEFAULT_STORE_TIME_ZONE, isTimeZone } from '#core/store-time.ts';
import { CONTENT_REGIONS } from './content/delivery-client.ts';
import { type ProxyTrust, parseProxyTrust } from './http/proxy-trust.ts';
import { type DeliveryKeySetting, type DeliveryKeys, randomDeliveryKeys } from './keys/delivery-keys.ts';

/**
 * Every setting comes from the environment and is checked once, at start. A bad value stops the process with
 * one line naming the setting (see main.ts), never a confusing failure far from its cause.
 */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int({ error: 'must be a whole number from 1 to 65535' })
  .min(1, { error: 'must be a whole number from 1 to 65535' })
  .max(65535, { error: 'must be a whole number from 1 to 65535' });

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), {
    error: 'must be a postgres:// or postgresql:// connection URL',
  });

/** A comma-separated list; blanks dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const wholeCount = z.coerce
  .number({ error: 'must be a whole number of at least 1' })
  .int({ error: 'must be a whole number of at least 1' })
  .min(1, { error: 'must be a whole number of at least 1' });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], {
    error: "must be 'development', 'production' or 'test'",
  }),
  PORT: port,
  HOST: z.string().trim().min(1, { error: 'must not be empty' }),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }),
  // PostgreSQL pool (server/db): connections, the bounded waiting line past which requests get 503, timeouts.
  DATABASE_POOL_MAX: wholeCount,
  DATABASE_POOL_MAX_WAITING: wholeCount,
  DATABASE_CONNECT_TIMEOUT_MS: wholeCount,
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0: no limit)' })
    .int({ error: 'must be a whole number of milliseconds (0: no limit)' })
    .min(0, { error: 'must be a whole number of milliseconds (0: no limit)' }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
  // Largest request body of any route (server/http/middleware/body-limit.ts lowers it per route).
  BODY_LIMIT_BYTES: z.coerce
    .number({ error: 'must be a whole number of bytes from 1024' })
    .int({ error: 'must be a whole number of bytes from 1024' })
    .min(1024, { error: 'must be a whole number of bytes from 1024' }),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must be a whole number of milliseconds' }),
  SEED_ON_EMPTY: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .transform((v) => v === 'true'),
  PAGE_CACHE: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .transform((v) => v === 'true'),
  PAGE_CACHE_FRESH_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be a whole number of seconds' }),
  // Admission control for rendering work (server/http/middleware/admission.ts): renders at once (0: off),
  // requests allowed to wait for a turn, and the longest wait before a 503 with Retry-After.
  ADMISSION_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number (0: no admission control)' })
    .int({ error: 'must be a whole number (0: no admission control)' })
    .min(0, { error: 'must be a whole number (0: no admission control)' }),
  ADMISSION_QUEUE: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be a whole number' }),
  ADMISSION_MAX_WAIT_MS: wholeCount,
  // Checkouts and cart changes of a shopper with a session: their own line, served before pages, and a longer
  // wait (a checkout dropped is a sale lost; a page is reloaded). docs/decisions/0035-admission-lanes.md.
  ADMISSION_CHECKOUT_QUEUE: wholeCount,
  ADMISSION_CHECKOUT_WAIT_MS: wholeCount,
  // Search engines' bots: served after pages, in a short line of their own with a longer wait.
  ADMISSION_CRAWLER_QUEUE: wholeCount,
  ADMISSION_CRAWLER_WAIT_MS: wholeCount,
  PUBLIC_BASE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+$/, { error: 'must be an origin such as https://shop.example.com (no path)' })
    .optional(),
  RECAPTCHA_SITE_KEY: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  RECAPTCHA_SECRET_KEY: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  RECAPTCHA_VERIFY_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, { error: 'must be an http(s) URL' }),
  RECAPTCHA_MIN_SCORE: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, { error: 'must be a number from 0 to 1' })
    .max(1, { error: 'must be a number from 0 to 1' }),
  GTM_ID: z
    .string()
    .trim()
    .regex(/^GTM-[A-Z0-9]+$/, { error: 'must look like GTM- followed by uppercase letters or digits' })
    .optional(),
  MEDIA_CACHE_DIR: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  MEDIA_UPLOADS_DIR: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  // An image CDN that speaks the media URL grammar (/i/{alias}/{name}?w=…): every image URL the storefront renders
  // points at it instead of the built-in /media (core/media-url.ts configureMediaBaseUrl).
  MEDIA_BASE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, {
      error:
        'must be the http(s) base URL of an image CDN that speaks the media URL grammar, with no query or fragment (e.g. https://cdn.media.amplience.net)',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  MEDIA_MAX_DIMENSION: z.coerce
    .number({ error: 'must be a whole number of pixels from 16 to 8192' })
    .int({ error: 'must be a whole number of pixels from 16 to 8192' })
    .min(16, { error: 'must be a whole number of pixels from 16 to 8192' })
    .max(8192, { error: 'must be a whole number of pixels from 16 to 8192' }),
  CONTENT_BASE_URL: z
    .string()
    .trim()
    .refine((value) => value === '/cms' || value === 'hosted' || /^https?:\/\/[^\s]+$/.test(value), {
      error: "must be '/cms' (the built-in content service), 'hosted', or an http(s) URL",
    }),
  CONTENT_REGION: z.enum(CONTENT_REGIONS, { error: `must be one of ${CONTENT_REGIONS.join(', ')}` }),
  CONTENT_API_KEY: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  CONTENT_DELIVERY_TOKEN: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  // The content management API's token (/cms/v3 with `authorization`); unset, one is drawn and kept per database.
  CONTENT_MANAGEMENT_TOKEN: z.string().trim().min(16, { error: 'must be at least 16 characters' }).optional(),
  // The built-in service's preview token (drafts instead of publications) and the key of signed preview links.
  CONTENT_PREVIEW_TOKEN: z.string().trim().min(32, { error: 'must be at least 32 characters' }).optional(),
  // The key of signed staff invitation links; unset, one is drawn and kept per database.
  STAFF_INVITE_KEY: z.string().trim().min(32, { error: 'must be at least 32 characters' }).optional(),
  // The key of the throttles' hashed keys (an address is never stored in clear); unset, one is drawn and kept per database.
  THROTTLE_KEY: z.string().trim().min(32, { error: 'must be at least 32 characters' }).optional(),
  CONTENT_ENVIRONMENT: z.string().trim().min(1, { error: 'must not be empty' }),
  // The Basic Auth password of a hosted content service's webhook (POST /api/webhooks/content); unset, no webhook.
  CONTENT_WEBHOOK_SECRET: z.string().trim().min(32, { error: 'must be at least 32 characters' }).optional(),
  // The HMAC key of a payment provider's signed webhook (POST /api/webhooks/payment/:provider); unset, no webhook.
  PAYMENT_WEBHOOK_SECRET: z.string().trim().min(32, { error: 'must be at least 32 characters' }).optional(),
  // How often a hosted content service's sync API is asked what changed (0: never); the webhook's backstop.
  CONTENT_SYNC_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0: no poll)' })
    .int({ error: 'must be a whole number of milliseconds (0: no poll)' })
    .min(0, { error: 'must be a whole number of milliseconds (0: no poll)' }),
  CONTENT_BRANCH: z.string().trim().optional(),
  CONTENT_CACHE_POLICY: z
    .enum(['-1', '0', '1', '2', '3'], { error: 'must be -1, 0, 1, 2 or 3' })
    .transform(Number),
  CONTENT_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must be a whole number of milliseconds' }),
  // Search (server/search): the built-in search service and the storefront's connector (SPEC §7, §9).
  SEARCH_BASE_PATH: z
    .string()
    .trim()
    .regex(/^\/[a-z0-9/_-]*[a-z0-9_-]$/, { error: 'must be a path such as /search' }),
  SEARCH_ENDPOINT_BASE: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, { error: 'must be an http(s) URL of a hosted search service' })
    .optional(),
  SEARCH_HOST_IDENTIFIER: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, { error: 'must be a hosted account identifier such as host-2376rb' })
    .optional(),
  SEARCH_ENGINE: z.string().trim().min(1, { error: 'must not be empty' }),
  SEARCH_KEY: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  SEARCH_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(0, { error: 'must be a whole number of milliseconds' }),
  SEARCH_SYNC_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0: only at start)' })
    .int({ error: 'must be a whole number of milliseconds (0: only at start)' })
    .min(0, { error: 'must be a whole number of milliseconds (0: only at start)' }),
  // Dealer locator map (SPEC §7 script loader per domain): `host=https://…/loader.js` pairs, `*` for any host.
  STORE_MAP_SCRIPTS: z.string().trim().optional(),
  // Commerce API (server/http/api, server/http/middleware): proxies, blocklists (SPEC §9), geolocation, limits.
  // Which peers may name the client in X-Forwarded-For (server/http/proxy-trust.ts): false, true (one hop), a hop
  // count, or proxy addresses and CIDRs.
  TRUST_PROXY: z.string().transform((value, context): ProxyTrust => {
    try {
      return parseProxyTrust(value);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: `must be false, true (one proxy), a hop count, or proxy addresses/CIDRs (${(error as Error).message})`,
      });
      return z.NEVER;
    }
  }),
  BLOCKED_IPS: commaList,
  BLOCKED_URL_SUBSTRINGS: commaList,
  BLOCKED_USER_AGENTS: commaList,
  INTERNAL_IPS: commaList,
  GEO_COUNTRY_HEADERS: commaList,
  GEOIP_FILE: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  RATE_LIMIT_WINDOW_SECONDS: wholeCount,
  LOGIN_LIMIT_PER_IP: wholeCount,
  LOGIN_LIMIT_PER_EMAIL: wholeCount,
  SIGNUP_LIMIT_PER_IP: wholeCount,
  SIGNUP_LIMIT_PER_EMAIL: wholeCount,
  ORDER_STATUS_LIMIT_PER_IP: wholeCount,
  ORDER_STATUS_LIMIT_PER_EMAIL: wholeCount,
  // Sessions (server/sessions/sessions.ts): end after this long without a request, and this long after sign-in.
  SESSION_IDLE_MINUTES: wholeCount,
  SESSION_ABSOLUTE_HOURS: wholeCount,
  // Staff sessions (server/backoffice/staff-sessions.ts): shorter than a shopper's, the back office holds more.
  STAFF_SESSION_IDLE_MINUTES: wholeCount,
  STAFF_SESSION_ABSOLUTE_HOURS: wholeCount,
  // New stored sessions (the first cart of a visitor) per client IP per RATE_LIMIT_WINDOW_SECONDS.
  SESSION_CREATE_LIMIT_PER_IP: wholeCount,
  // Reviews (issue 45): "helpful" votes per client address per RATE_LIMIT_WINDOW_SECONDS.
  REVIEW_VOTE_LIMIT_PER_IP: wholeCount,
  // Days after delivery when a buyer is invited to review what they bought (server/mail/review-invitations.ts).
  REVIEW_INVITE_DAYS: wholeCount,
  // Hours at least between two wishlist mails of one product to one customer (server/wishlist/alerts.ts).
  WISHLIST_ALERT_INTERVAL_HOURS: wholeCount,
  // E-mail (server/mail): the .eml outbox under DATA_DIR by default, SMTP when SMTP_URL is set.
  MAIL_FROM: z.string().trim().min(3, { error: 'must be an address such as Shop <orders@example.com>' }),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  // The back office's clock (docs/decisions/0031): the days of the dashboard, the dates it shows and takes.
  STORE_TIME_ZONE: z.string().refine(isTimeZone, {
    error: 'must be an IANA time zone such as America/Denver or Europe/Stockholm (or UTC)',
  }),
});

type Settings = z.infer<typeof configSchema>;
/** The settings, with the delivery keys always present (drawn at random when not set; see server/keys). */
export type Config = Omit<Settings, DeliveryKeySetting> & DeliveryKeys;

const DEFAULTS: Record<keyof Settings, string | undefined> = {
  NODE_ENV: 'production',
  PORT: '3000',
  HOST: '0.0.0.0',
  DATABASE_URL: undefined,
  DATA_DIR: './var',
  DATABASE_POOL_MAX: '10',
  DATABASE_POOL_MAX_WAITING: '200',
  DATABASE_CONNECT_TIMEOUT_MS: '5000',
  DATABASE_STATEMENT_TIMEOUT_MS: '15000',
  LOG_LEVEL: 'info',
  SHUTDOWN_TIMEOUT_MS: '10000',
  BODY_LIMIT_BYTES: '1048576',
  SEED_ON_EMPTY: 'true',
  PAGE_CACHE: 'true',
  PAGE_CACHE_FRESH_SECONDS: '30',
  ADMISSION_CONCURRENCY: '4',
  ADMISSION_QUEUE: '32',
  ADMISSION_MAX_WAIT_MS: '250',
  ADMISSION_CHECKOUT_QUEUE: '1000',
  ADMISSION_CHECKOUT_WAIT_MS: '10000',
  ADMISSION_CRAWLER_QUEUE: '16',
  ADMISSION_CRAWLER_WAIT_MS: '2000',
  PUBLIC_BASE_URL: undefined,
  GTM_ID: undefined,
  RECAPTCHA_SITE_KEY: undefined,
  RECAPTCHA_SECRET_KEY: undefined,
  RECAPTCHA_VERIFY_URL: 'https://www.google.com/recaptcha/api/siteverify',
  RECAPTCHA_MIN_SCORE: '0.5',
  MEDIA_CACHE_DIR: undefined,
  MEDIA_UPLOADS_DIR: undefined,
  MEDIA_BASE_URL: undefined,
  MEDIA_MAX_DIMENSION: '4000',
  CONTENT_BASE_URL: '/cms',
  CONTENT_REGION: 'us',
  CONTENT_API_KEY: undefined,
  CONTENT_DELIVERY_TOKEN: undefined,
  CONTENT_MANAGEMENT_TOKEN: undefined,
  CONTENT_PREVIEW_TOKEN: undefined,
  STAFF_INVITE_KEY: undefined,
  THROTTLE_KEY: undefined,
  CONTENT_ENVIRONMENT: 'production',
  CONTENT_WEBHOOK_SECRET: undefined,
  PAYMENT_WEBHOOK_SECRET: undefined,
  CONTENT_SYNC_INTERVAL_MS: '60000',
  CONTENT_BRANCH: undefined,
  CONTENT_CACHE_POLICY: '1',
  CONTENT_CACHE_TTL_MS: '30000',
  STORE_MAP_SCRIPTS: undefined,
  SEARCH_BASE_PATH: '/search',
  SEARCH_ENDPOINT_BASE: undefined,
  SEARCH_HOST_IDENTIFIER: undefined,
  SEARCH_ENGINE: 'ridgeline',
  SEARCH_KEY: undefined,
  SEARCH_CACHE_TTL_MS: '60000',
  SEARCH_SYNC_INTERVAL_MS: '60000',
  TRUST_PROXY: 'false',
  BLOCKED_IPS: '',
  BLOCKED_URL_SUBSTRINGS: '.php,wp-,-wp,sleep(,select(',
  BLOCKED_USER_AGENTS: 'sleep(,select(',
  INTERNAL_IPS: '127.0.0.1,::1,::ffff:127.0.0.1',
  GEO_COUNTRY_HEADERS: 'cf-ipcountry,cloudfront-viewer-country,x-vercel-ip-country,x-appengine-country',
  GEOIP_FILE: undefined,
  RATE_LIMIT_WINDOW_SECONDS: '900',
  LOGIN_LIMIT_PER_IP: '50',
  LOGIN_LIMIT_PER_EMAIL: '10',
  SIGNUP_LIMIT_PER_IP: '10',
  SIGNUP_LIMIT_PER_EMAIL: '3',
  ORDER_STATUS_LIMIT_PER_IP: '30',
  ORDER_STATUS_LIMIT_PER_EMAIL: '10',
  SESSION_IDLE_MINUTES: '1440',
  SESSION_ABSOLUTE_HOURS: '720',
  STAFF_SESSION_IDLE_MINUTES: '30',
  STAFF_SESSION_ABSOLUTE_HOURS: '12',
  SESSION_CREATE_LIMIT_PER_IP: '100',
  REVIEW_VOTE_LIMIT_PER_IP: '30',
  REVIEW_INVITE_DAYS: '7',
  WISHLIST_ALERT_INTERVAL_HOURS: '24',
  MAIL_FROM: 'Ridgeline Snowshoe Co. <orders@ridgeline.example>',
  SMTP_URL: undefined,
  STORE_TIME_ZONE: DEFAULT_STORE_TIME_ZONE,
};

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    readonly problem: string,
    readonly value: string | undefined,
  ) {
    super(`Invalid setting ${setting}=${JSON.stringify(value ?? '')}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Whether the environment gives a setting: empty means unset. */
export function isSet(env: Record<string, string | undefined>, key: string): boolean {
  const value = env[key];
  return value !== undefined && value !== '';
}

/** Reads the settings from an environment; throws ConfigError for the first bad one. Empty means unset. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(DEFAULTS) as (keyof Settings)[]) {
    raw[key] = isSet(env, key) ? env[key] : DEFAULTS[key];
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const setting = String(issue.path[0]);
    throw new ConfigError(setting, issue.message, raw[setting]);
  }
  // Bot protection needs both halves: a site key without its secret could never verify a token.
  // An idle timeout longer than the absolute one would never apply: say so instead of silently ignoring it.
  if (parsed.data.SESSION_IDLE_MINUTES > parsed.data.SESSION_ABSOLUTE_HOURS * 60) {
    throw new ConfigError(
      'SESSION_IDLE_MINUTES',
      'must not be longer than SESSION_ABSOLUTE_HOURS',
      raw.SESSION_IDLE_MINUTES,
    );
  }
  if (Boolean(parsed.data.RECAPTCHA_SITE_KEY) !== Boolean(parsed.data.RECAPTCHA_SECRET_KEY)) {
    const missing = parsed.data.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET_KEY' : 'RECAPTCHA_SITE_KEY';
    throw new ConfigError(missing, 'must be set together with its pair (site key and secret key)', undefined);
  }
  // Delivery keys not set are random, never a default everyone can read; the server's start replaces them
  // with the ones kept for its database (server/keys/delivery-keys.ts).
  const drawn = randomDeliveryKeys();
  return {
    ...parsed.data,
    CONTENT_API_KEY: parsed.data.CONTENT_API_KEY ?? drawn.CONTENT_API_KEY,
    CONTENT_DELIVERY_TOKEN: parsed.data.CONTENT_DELIVERY_TOKEN ?? drawn.CONTENT_DELIVERY_TOKEN,
    CONTENT_PREVIEW_TOKEN: parsed.data.CONTENT_PREVIEW_TOKEN ?? drawn.CONTENT_PREVIEW_TOKEN,
    SEARCH_KEY: parsed.data.SEARCH_KEY ?? drawn.SEARCH_KEY,
    CONTENT_MANAGEMENT_TOKEN: parsed.data.CONTENT_MANAGEMENT_TOKEN ?? drawn.CONTENT_MANAGEMENT_TOKEN,
    STAFF_INVITE_KEY: parsed.data.STAFF_INVITE_KEY ?? drawn.STAFF_INVITE_KEY,
    THROTTLE_KEY: parsed.data.THROTTLE_KEY ?? drawn.THROTTLE_KEY,
  };
}
