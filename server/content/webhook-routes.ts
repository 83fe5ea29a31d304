/**
 * `POST /api/webhooks/content`: a hosted content service tells the store that delivered content changed, and the
 * store moves its content data version, as a publication in the built-in service does through its triggers. Every
 * process then drops what it kept from the content (the anonymous page cache, the content client's cache) and the
 * search index is rebuilt from it (issue 44 #4).
 *
 * The hosted service signs nothing with a key the store holds; its webhooks send HTTP Basic credentials set on the
 * webhook ("Authentication Method: Basic Auth", https://www.contentstack.com/docs/developers/set-up-webhooks/create-a-webhook).
 * The password is CONTENT_WEBHOOK_SECRET, compared in constant time; the user name is not checked.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { contentNotificationOutcome } from '#core/content-webhook.ts';

export const CONTENT_WEBHOOK_PATH = '/webhooks/content';

/** The parts of the hosted service's payload the decision reads; the rest (the entry itself) is not kept. */
const notificationSchema = z.object({
  module: z.string({ error: 'module must be a string' }).min(1).max(64),
  event: z.string({ error: 'event must be a string' }).min(1).max(64),
  api_key: z.string({ error: 'api_key must be a string' }).min(1).max(128),
  data: z
    .object({
      environment: z.object({ name: z.string().max(128) }).optional(),
    })
    .optional(),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request's Basic credentials carry the secret. Both sides are hashed first: equal lengths, no early exit. */
function carriesSecret(authorization: string | undefined, secret: string): boolean {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '')?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const password = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : '';
  return timingSafeEqual(digest(password), digest(secret));
}

export interface ContentWebhookOptions {
  /** CONTENT_WEBHOOK_SECRET; unset, the route does not exist (404). */
  secret: string | undefined;
  apiKey: string;
  environment: string;
  /** Moves the content data version (every process's caches follow it). */
  moveContent(): Promise<void>;
  logger?: { info?(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export function createContentWebhookRoutes(options: ContentWebhookOptions): Hono {
  const routes = new Hono();
  routes.post(CONTENT_WEBHOOK_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!options.secret)
      return c.json({ status: 404, title: 'Not Found', detail: 'No content webhook is set up' }, 404);
    if (!carriesSecret(c.req.header('authorization'), options.secret)) {
      c.header('WWW-Authenticate', 'Basic realm="content webhook"');
      return c.json(
        { status: 401, title: 'Unauthorized', detail: 'The webhook credentials are not valid' },
        401,
      );
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ status: 400, title: 'Bad Request', detail: 'The body is not JSON' }, 400);
    }
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || 'body';
      return c.json({ status: 400, title: 'Bad Request', detail: `${field}: ${issue.message}` }, 400);
    }
    const notification = parsed.data;
    const outcome = contentNotificationOutcome(
      {
        module: notification.module,
        event: notification.event,
        apiKey: notification.api_key,
        environment: notification.data?.environment?.name ?? null,
      },
      { apiKey: options.apiKey, environment: options.environment },
    );
    if (!outcome.moves) {
      if (outcome.reason === 'other-stack') {
        options.logger?.warn({ module: notification.module }, 'content webhook for another stack refused');
        return c.json(
          {
            status: 422,
            title: 'Unprocessable Entity',
            detail: 'The notification is for another stack (api_key)',
          },
          422,
        );
      }
      return c.json({ moved: false, reason: outcome.reason }, 202);
    }
    await options.moveContent();
    options.logger?.info?.(
      { module: notification.module, event: notification.event },
      'hosted content changed: content data version moved',
    );
    return c.json({ moved: true });
  });
  return routes;
}
