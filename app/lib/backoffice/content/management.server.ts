import { data } from 'react-router';
import type { ContentManagement, ContentRefusal } from '#server/content/management/contract.ts';
import type { Services } from '#server/services.ts';

/**
 * The content management service of the back office's content pages (server/content/management). A hosted
 * content service is edited in its own web app: then these pages answer 404 with a message.
 */
export function contentManagementOf(services: Services): ContentManagement {
  if (services.config.CONTENT_BASE_URL !== '/cms')
    throw data(
      { message: 'Content is edited in the hosted content service’s own web app, not here.' },
      { status: 404 },
    );
  return services.contentManagement;
}

/**
 * The refusal a management call threw (not found, invalid, referenced, stale), or null for a fault. The media
 * pipeline's refusal of an upload (a file that is no image, too large) reads as an invalid file.
 */
export function refusalOf(error: unknown): ContentRefusal | null {
  const refusal = (error as { refusal?: unknown } | null)?.refusal;
  if (refusal && typeof refusal === 'object' && typeof (refusal as { code?: unknown }).code === 'string')
    return refusal as ContentRefusal;
  const media = error as { name?: unknown; status?: unknown; detail?: unknown } | null;
  if (
    media?.name === 'MediaError' &&
    typeof media.status === 'number' &&
    media.status >= 400 &&
    media.status < 500 &&
    typeof media.detail === 'string'
  )
    return { code: 'invalid', message: media.detail, problems: [{ path: ['file'], message: media.detail }] };
  return null;
}

const STATUS: Record<ContentRefusal['code'], number> = {
  'not-found': 404,
  invalid: 400,
  referenced: 409,
  stale: 409,
};

export const refusalStatus = (refusal: ContentRefusal) => STATUS[refusal.code];

/** Runs a management call; a refusal comes back as data, anything else goes on to the error page. */
export async function attemptContent<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: ContentRefusal }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false, refusal };
  }
}
