import { sanitizeRichText } from '#core/rich-text.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { contentClient, localeOf, localePath } from './content.server.ts';
import { entryImage, type ImageView, inRegion, record, refUids, text } from './content-view.ts';

export interface AthleteView {
  uid: string;
  name: string;
  role: string;
  hometown: string;
  html: string;
  image: ImageView | null;
  gear: Array<{ uid: string; title: string; href: string }>;
  social: Array<{ network: string; href: string }>;
}

export async function loadTeam(services: Services, locale: LocaleState): Promise<AthleteView[]> {
  const client = contentClient(services);
  const athletes = (await client.team(localeOf(locale)))
    .filter((athlete) => inRegion(athlete, locale.contentRegion) && text(athlete.title))
    .sort((a, b) => Number(a.order ?? 99) - Number(b.order ?? 99));
  const gearUids = [...new Set(athletes.flatMap((athlete) => refUids(athlete.favourite_gear)))];
  const products = await client.productsByUid(gearUids, localeOf(locale), ['title', 'url']);
  const titles = new Map(products.map((product) => [product.uid, text(product.title)]));
  return athletes.map((athlete) => ({
    uid: athlete.uid,
    name: text(athlete.title),
    role: text(athlete.role),
    hometown: text(athlete.hometown),
    html: sanitizeRichText(athlete.bio),
    image: entryImage(athlete, 480, 480),
    gear: refUids(athlete.favourite_gear)
      .filter((uid) => titles.get(uid))
      .map((uid) => ({ uid, title: titles.get(uid) ?? uid, href: localePath(locale, `/p/${uid}`) })),
    social: Object.entries(record(athlete.social))
      .filter(([, href]) => /^https:\/\//.test(text(href)))
      .map(([network, href]) => ({ network, href: text(href) })),
  }));
}
