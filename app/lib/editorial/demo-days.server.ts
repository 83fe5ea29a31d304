import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { contentClient, localeOf } from './content.server.ts';
import { formatDate, list, record, refUids, text } from './content-view.ts';
import { loadPageByUid } from './pages.server.ts';

export interface DemoEventView {
  uid: string;
  title: string;
  date: string;
  dateText: string;
  time: string;
  city: string;
  dealer: string;
  capacity: number;
  description: string;
}

export async function loadTestStore(services: Services, locale: LocaleState) {
  const page = await loadPageByUid(services, locale, 'test-store');
  if (!page) return null;
  const { extra, ...view } = page;
  const dealers = await contentClient(services).dealers(localeOf(locale));
  const dealerName = new Map(dealers.map((dealer) => [dealer.uid, text(dealer.title)]));
  const events: DemoEventView[] = list(extra.events)
    .map(record)
    .filter((event) => text(event.uid) && text(event.title))
    .map((event) => ({
      uid: text(event.uid),
      title: text(event.title),
      date: text(event.date),
      dateText: formatDate(text(event.date), locale.language, locale.country),
      time: [text(event.start_time), text(event.end_time)].filter(Boolean).join('–'),
      city: text(event.city),
      dealer: dealerName.get(refUids(event.dealer)[0] ?? '') ?? '',
      capacity: typeof event.capacity === 'number' ? event.capacity : 0,
      description: text(event.description),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { page: view, events };
}
