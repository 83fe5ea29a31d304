import { sanitizeRichText } from '#core/rich-text.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { formatDate, list, record, text } from './content-view.ts';
import { loadPageByUid } from './pages.server.ts';

export async function loadPsia(services: Services, locale: LocaleState) {
  const page = await loadPageByUid(services, locale, 'psia');
  if (!page) return null;
  const { extra, ...view } = page;
  return {
    page: view,
    notices: list(extra.safety_notices)
      .map(record)
      .filter((notice) => text(notice.title))
      .map((notice) => ({
        title: text(notice.title),
        date: text(notice.date),
        dateText: formatDate(text(notice.date), locale.language, locale.country),
        resolved: notice.status === 'resolved',
        products: text(notice.products),
        html: sanitizeRichText(notice.body),
      })),
    sections: list(extra.info_sections)
      .map(record)
      .filter((section) => text(section.heading))
      .map((section) => ({ heading: text(section.heading), html: sanitizeRichText(section.body) })),
  };
}
