import { withAmount } from '#core/free-shipping-promise.ts';
import { type LinkInput, resolveLink } from '#core/links.ts';
import type { Locale } from '#core/locale.ts';
import { mediaUrl } from '#core/media-url.ts';

/** View props for the header (SPEC §3 header content: main_nav with banners, top_alert, secondary_nav). */
export interface NavLink {
  title: string;
  href: string;
  external: boolean;
  newTab: boolean;
}

export interface NavBanner {
  title: string;
  content: string;
  image: string | null;
  alt: string;
  link: NavLink | null;
}

export interface NavItem {
  id: string;
  title: string;
  link: NavLink | null;
  columns: Array<{ heading: string; links: NavLink[] }>;
  banner: NavBanner | null;
}

export interface HeaderView {
  alerts: Array<{ id: string; text: string; link: NavLink | null; background: string | null }>;
  nav: NavItem[];
  secondary: NavLink[];
}

type Raw = Record<string, unknown>;
const asRecord = (value: unknown): Raw | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A content link ({title, href, content_type, type, new_tab}); null when missing or unsafe (§5, §8). */
export function navLink(value: unknown, locale: Locale, title?: string): NavLink | null {
  const raw = asRecord(value);
  if (!raw) return null;
  const input: LinkInput = {
    type: (text(raw.type) || 'Internal') as LinkInput['type'],
    href: text(raw.href),
    contentType: text(raw.content_type) || null,
    newTab: raw.new_tab === true,
  };
  try {
    const resolved = resolveLink(input, locale);
    if (!resolved) return null;
    return {
      title: title ?? text(raw.title),
      href: resolved.href,
      external: resolved.kind === 'external',
      newTab: resolved.target === '_blank',
    };
  } catch {
    // A javascript-like link in content is refused and left out, never rendered.
    return null;
  }
}

function bannerOf(value: unknown, locale: Locale): NavBanner | null {
  const raw = asRecord(asArray(value)[0] ?? value);
  const background = asRecord(raw?.background);
  if (!raw || !background) return null;
  const id = text(background.amplience_id);
  const cta = asRecord(asArray(raw.cta_button_global)[0]);
  const internal = asRecord(cta?.internal_link);
  const link = cta
    ? navLink(
        cta.type === 'External'
          ? { type: 'External', href: cta.external_link, new_tab: cta.new_tab }
          : {
              type: 'Internal',
              href: internal?.href,
              content_type: internal?.content_type,
              new_tab: cta.new_tab,
            },
        locale,
        text(cta.button_text),
      )
    : null;
  return {
    title: text(raw.title),
    content: text(raw.content),
    image: id ? mediaUrl({ id }, { width: 480, height: 320 }) : null,
    alt: text(background.alt_text),
    link,
  };
}

/**
 * `freeShipping` is the shopper's free-shipping amount, formatted (lib/shell/free-shipping.server.ts): an alert
 * whose text holds `{amount}` gets it, or is left out when there is none for this shopper.
 */
export function headerView(
  header: Raw | null,
  locale: Locale,
  freeShipping: string | null = null,
): HeaderView {
  if (!header) return { alerts: [], nav: [], secondary: [] };
  const nav = asArray(header.main_nav)
    .map(asRecord)
    .filter((item): item is Raw => item !== null)
    .map((item) => {
      const link = asRecord(item.link);
      return {
        id: text(item.uid) || text(item.title),
        title: text(item.title) || text(link?.title),
        link: navLink(link, locale),
        columns: asArray(item.mega_menu)
          .map(asRecord)
          .filter((column): column is Raw => column !== null)
          .map((column) => ({
            heading: text(column.heading),
            links: asArray(column.links)
              .map((entry) => navLink(entry, locale))
              .filter((entry): entry is NavLink => entry !== null && entry.title !== ''),
          })),
        banner: bannerOf(link?.banner, locale),
      };
    })
    .filter((item) => item.title !== '');
  const alerts = asArray(header.top_alert)
    .map(asRecord)
    .filter((alert): alert is Raw => alert !== null && text(alert.title) !== '')
    .flatMap((alert) => {
      const shown = withAmount(text(alert.title), freeShipping);
      if (shown === null) return [];
      return [
        {
          id: text(alert.uid) || text(alert.title),
          text: shown,
          link: navLink(alert.link, locale),
          background: /^#[0-9a-f]{6}$/i.test(text(alert.background_color))
            ? text(alert.background_color)
            : null,
        },
      ];
    });
  const secondary = asArray(asRecord(header.secondary_nav)?.links)
    .map((entry) => navLink(entry, locale))
    .filter((entry): entry is NavLink => entry !== null && entry.title !== '');
  return { alerts, nav, secondary };
}
