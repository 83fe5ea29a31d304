/**
 * Reading a management request at the edge: the JSON body, the locale, environments and version it names,
 * each checked (zod) against what the service offers before any use case runs.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { ContentTypeSchema } from '#core/content-schema.ts';
import type { ContentManagement } from '../contract.ts';
import { badRequest, ManagementError } from './errors.ts';

const invalid = (field: string, message: string) =>
  new ManagementError(422, { error_message: message, error_code: 141, errors: { [field]: [message] } });

/** The request's JSON object body; 400 when it is not JSON or not an object. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON.', 'body');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.', 'body');
  return body as Record<string, unknown>;
}

export function contentTypeOf(management: ContentManagement, uid: string): ContentTypeSchema {
  const type = management.contentType(uid);
  if (!type)
    throw new ManagementError(404, {
      error_message: `The content type '${uid}' was not found.`,
      error_code: 118,
      errors: { content_type_uid: ['is not valid.'] },
    });
  return type;
}

/** A locale code the service knows (the master locale when none is given). */
export function localeOf(management: ContentManagement, value: unknown, field = 'locale'): string {
  const locales = management.locales();
  if (value === undefined || value === null || value === '') return locales[0]!;
  const locale = String(value).toLowerCase();
  if (!locales.includes(locale))
    throw invalid(field, `'${String(value)}' is not a locale of this stack (${locales.join(', ')}).`);
  return locale;
}

const version = z.coerce.number().int().min(1).max(2_147_483_647);

export function versionOf(value: unknown, field = 'version'): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = version.safeParse(value);
  if (!parsed.success) throw badRequest(`${field} must be a whole number from 1.`, field);
  return parsed.data;
}

const nameList = z.array(z.string().trim().min(1).max(100)).min(1).max(20);

/** The `{ <kind>: { environments, locales }, locale, version }` body of publish and unpublish. */
export function publishTargets(
  management: ContentManagement,
  body: Record<string, unknown>,
  kind: 'entry' | 'asset',
  defaultLocale: string,
): { environments: string[]; locales: string[]; version: number | undefined } {
  const schema = z.object({
    [kind]: z.object({ environments: nameList, locales: nameList.optional() }),
    locale: z.string().optional(),
    version: z.unknown().optional(),
  });
  if (body.scheduled_at !== undefined)
    throw invalid('scheduled_at', 'Scheduled publishing is not offered: publish when the time comes.');
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw invalid(
      kind,
      `The body must name ${kind}.environments (a list of environment names) and may name ${kind}.locales.`,
    );
  const details = parsed.data[kind] as { environments: string[]; locales?: string[] };
  const known = management.environments();
  for (const environment of details.environments)
    if (!known.includes(environment))
      throw invalid(
        'environments',
        `'${environment}' is not an environment of this stack (${known.join(', ')}).`,
      );
  const locales = (details.locales ?? [parsed.data.locale ?? defaultLocale]).map((locale) =>
    localeOf(management, locale, 'locales'),
  );
  return {
    environments: [...new Set(details.environments)],
    locales: [...new Set(locales)],
    version: versionOf(parsed.data.version),
  };
}
