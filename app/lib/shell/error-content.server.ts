import { data } from 'react-router';
import { contentLocaleOf } from '#core/locale.ts';
import { mediaUrl } from '#core/media-url.ts';
import { sanitizeRichText } from '#core/rich-text.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';

/** What the error page shows (SPEC §2, §3 error page content), ready to render. */
export interface ErrorContent {
  header: string | null;
  mainHtml: string;
  linkText: string | null;
  productHeader: string | null;
  banner: { title: string; image: string | null; alt: string } | null;
  recommendation: { header: string | null; mainHtml: string } | null;
}

export interface ErrorData {
  message: string;
  content: ErrorContent | null;
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
const record = (value: unknown): Raw =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};

export function errorContentView(entry: Raw | null): ErrorContent | null {
  if (!entry) return null;
  const banner = record(Array.isArray(entry.banner) ? entry.banner[0] : entry.banner);
  const background = record(banner.background);
  const bannerId = text(background.amplience_id);
  const recommendation = record(entry.product_recommendation_page);
  return {
    header: text(entry.header),
    mainHtml: sanitizeRichText(entry.main_content),
    linkText: text(entry.link_text),
    productHeader: text(entry.product_header),
    banner:
      text(banner.title) || bannerId
        ? {
            title: text(banner.title) ?? '',
            image: bannerId ? mediaUrl({ id: bannerId }, { width: 1440, height: 480 }) : null,
            alt: text(background.alt_text) ?? '',
          }
        : null,
    recommendation:
      Object.keys(recommendation).length > 0
        ? { header: text(recommendation.header), mainHtml: sanitizeRichText(recommendation.main_content) }
        : null,
  };
}

/** The error page content for a locale; none when the content cannot be read (the page keeps its defaults). */
export async function loadErrorContent(
  services: Services,
  locale: LocaleState,
): Promise<ErrorContent | null> {
  const entry = await services.content.client.errorPage(contentLocaleOf(locale), locale.contentRegion);
  return errorContentView((entry as Raw | null | undefined) ?? null);
}

/** A 404 response for the error boundary, carrying the content-managed page (§2, §8). */
export async function notFound(services: Services, locale: LocaleState, message: string) {
  return data<ErrorData>({ message, content: await loadErrorContent(services, locale) }, { status: 404 });
}
