/**
 * `GET /api/interstack/references` (SPEC §7): reusable display text lists. Query content_type, api_key,
 * entry_uids (comma-separated) and locale; answers `{ entries: [{ uid, title, display_text_input: [{ title, text }] }] }`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ContentClient } from './content-client.ts';
import { ContentServiceError } from './delivery-client.ts';

const querySchema = z.object({
  content_type: z.enum(['duplicate_display_text'], { error: "must be 'duplicate_display_text'" }),
  api_key: z.string().min(1, { error: 'is required' }),
  entry_uids: z
    .string()
    .min(1, { error: 'is required' })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((uid) => uid.trim())
          .filter(Boolean),
      ),
    ])
    .refine((uids) => uids.length > 0 && uids.length <= 100, { error: 'must name 1 to 100 entries' })
    .refine((uids) => uids.every((uid) => /^[A-Za-z0-9_-]{1,100}$/.test(uid)), {
      error: 'has an invalid uid',
    }),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]{2,6})?$/i, { error: 'must be a locale code' })
    .default('en-us'),
});

export function createInterstackRoutes(options: { content: ContentClient; apiKey: string }): Hono {
  const routes = new Hono();
  routes.get('/interstack/references', async (c) => {
    c.header('Cache-Control', 'no-store');
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return c.json(
        { status: 400, title: 'Bad Request', detail: `${String(issue.path[0])} ${issue.message}` },
        400,
      );
    }
    const { api_key, entry_uids, locale } = parsed.data;
    if (api_key !== options.apiKey) {
      return c.json({ status: 401, title: 'Unauthorized', detail: 'api_key is not valid' }, 401);
    }
    try {
      const entries = await options.content.allEntries('duplicate_display_text', {
        locale,
        query: { uid: { $in: entry_uids } },
        include: ['display_text_input'],
      });
      return c.json({
        entries: entries.map((entry) => ({
          uid: entry.uid,
          title: entry.title ?? '',
          display_text_input: (Array.isArray(entry.display_text_input) ? entry.display_text_input : []).map(
            (input: { title?: unknown; text?: unknown }) => ({
              title: typeof input.title === 'string' ? input.title : '',
              text: typeof input.text === 'string' ? input.text : '',
            }),
          ),
        })),
      });
    } catch (error) {
      const status =
        error instanceof ContentServiceError && error.status >= 400 && error.status < 500 ? 502 : 502;
      return c.json(
        { status, title: 'Bad Gateway', detail: 'The content service could not answer.' },
        status,
      );
    }
  });
  return routes;
}
