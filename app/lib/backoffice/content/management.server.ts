import { data } from 'react-router';
import type { ContentTypeSchema, FieldProblem } from '#core/content-schema.ts';
import type { ContentManagement, ContentRefusal, EntryDraft } from '#server/content/management/contract.ts';
import type { Services } from '#server/services.ts';

/** The content management service the editor pages call (the same one the management API calls). */
export function contentManagementOf(services: Services): ContentManagement {
  return services.contentManagement;
}

const REFUSAL_CODES = new Set(['not-found', 'invalid', 'referenced', 'stale']);

/** The refusal a management call threw, or null for a fault (which goes on to the error page). */
export function refusalOf(error: unknown): ContentRefusal | null {
  if (!error || typeof error !== 'object') return null;
  const refusal = (error as { refusal?: unknown }).refusal;
  if (refusal && typeof refusal === 'object' && REFUSAL_CODES.has((refusal as { code?: string }).code ?? ''))
    return refusal as ContentRefusal;
  return null;
}

const STATUS: Record<ContentRefusal['code'], number> = {
  'not-found': 404,
  invalid: 400,
  referenced: 409,
  stale: 409,
};

/** What an editor page's action answers when the service refuses: the message, and what the refusal lists. */
export interface ContentAnswer {
  ok: false;
  message: string;
  fieldErrors: Record<string, string>;
  problems: FieldProblem[];
  referrers: Array<{ contentType: string; uid: string; locale: string; title: string }>;
  /** The fields as posted, so that the form shows what the editor typed. */
  fields?: Record<string, unknown>;
}

export function contentRefusal(
  status: number,
  message: string,
  extra: Partial<Omit<ContentAnswer, 'ok' | 'message'>> = {},
) {
  return data<ContentAnswer>(
    { ok: false, message, fieldErrors: {}, problems: [], referrers: [], ...extra },
    { status },
  );
}

/** The headline of a save refused for its fields (the summary lists each problem). */
export const NOT_SAVED = 'Nothing was saved: correct the fields below.';

/** Runs a management call: a refusal becomes the page's answer with its status; a fault is thrown on. */
export async function attemptContent<T>(
  call: () => Promise<T>,
  fields?: Record<string, unknown>,
): Promise<{ ok: true; value: T } | { ok: false; answer: ReturnType<typeof contentRefusal> }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return {
      ok: false,
      answer: contentRefusal(STATUS[refusal.code], refusal.code === 'invalid' ? NOT_SAVED : refusal.message, {
        problems: refusal.code === 'invalid' ? refusal.problems : [],
        referrers: refusal.code === 'referenced' ? refusal.referrers : [],
        ...(fields ? { fields } : {}),
      }),
    };
  }
}

/** A content type by the uid in the URL, or the 404 page. */
export function contentTypeOr404(management: ContentManagement, uid: string): ContentTypeSchema {
  const type = management.contentType(uid);
  if (!type) throw data({ message: `There is no content type “${uid}”.` }, { status: 404 });
  return type;
}

/** A locale of the URL, or the 404 page. */
export function localeOr404(management: ContentManagement, locale: string): string {
  if (!management.locales().includes(locale))
    throw data({ message: `The store has no locale “${locale}”.` }, { status: 404 });
  return locale;
}

export function entryOr404(entry: EntryDraft | null, type: string, uid: string): EntryDraft {
  if (!entry) throw data({ message: `There is no ${type} entry “${uid}”.` }, { status: 404 });
  return entry;
}
