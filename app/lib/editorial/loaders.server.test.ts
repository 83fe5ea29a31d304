import { describe, expect, it } from 'vitest';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { loadPost } from './blog.server.ts';
import { loadPage } from './pages.server.ts';
import { loadPsia } from './psia.server.ts';
import { loadArticle } from './support.server.ts';
import { loadTeam } from './team.server.ts';

// Rich text an attacker might slip into content: every field that renders HTML must come out clean.
const HOSTILE = [
  '<p>Fine text<script>alert("x")</script></p>',
  '<img src="https://cdn.example/a.png" onerror="alert(1)" alt="a">',
  '<a href="javascript:alert(1)" onclick="steal()">click</a>',
  '<a href="JaVaScRiPt:alert(2)">again</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(3))" onmouseover="x()">styled</p>',
  '<svg><script>alert(4)</script></svg>',
].join('');

function assertClean(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|javascript:|onerror|onclick|onmouseover|style=/i);
}

const locale: LocaleState = {
  language: 'en',
  country: 'us',
  segment: 'en-us',
  contentRegion: 'us',
  commerceRegion: 'us',
  shoppingRegion: true,
  eu: false,
};

const entries = {
  page: {
    uid: 'about',
    title: 'About',
    url: '/about',
    page_type: 'generic',
    generic_page: { heading: 'About', body: HOSTILE },
    landing_page: { modules: [{ type: 'copy', heading: 'Copy', body: HOSTILE }] },
  },
  psia: {
    uid: 'psia',
    title: 'Safety',
    url: '/psia',
    page_type: 'generic',
    generic_page: { heading: 'Safety', body: HOSTILE },
    safety_notices: [{ title: 'Notice', date: '2025-01-01', body: HOSTILE }],
    info_sections: [{ heading: 'Loads', body: HOSTILE }],
  },
  post: { uid: 'p1', title: 'Post', date: '2025-01-01', body: HOSTILE, summary: 'Sum', category: [] },
  article: { uid: 'a1', title: 'Article', body: HOSTILE, category: [] },
  athlete: { uid: 't1', title: 'Athlete', bio: HOSTILE },
};

const client = {
  pageByUrl: async (url: string) => (url === '/psia' ? entries.psia : url === '/about' ? entries.page : null),
  pages: async (uids: string[]) => (uids.includes('psia') ? [entries.psia] : []),
  productsByUid: async () => [],
  blogPosts: async () => [entries.post],
  blogCategories: async () => [],
  supportArticles: async () => [entries.article],
  supportCategories: async () => [],
  team: async () => [entries.athlete],
};
const services = { content: { client } } as unknown as Services;

describe('editorial rich text is sanitised on the server', () => {
  it('cleans generic and landing page bodies', async () => {
    const page = await loadPage(services, locale, '/about', ['generic']);
    assertClean(page!.html);
    expect(page!.html).toContain('Fine text');
    expect(page!.html).toContain('<a>click</a>');
    for (const module of page!.modules) if (module.type === 'copy') assertClean(module.html);
  });

  it('cleans blog posts, support articles, athlete bios and safety notices', async () => {
    assertClean((await loadPost(services, locale, 'p1'))!.post.html);
    assertClean((await loadArticle(services, locale, 'a1'))!.article.html);
    for (const athlete of await loadTeam(services, locale)) assertClean(athlete.html);
    const psia = (await loadPsia(services, locale))!;
    assertClean(psia.page.html);
    for (const notice of psia.notices) assertClean(notice.html);
    for (const section of psia.sections) assertClean(section.html);
  });

  it('answers unknown pages with nothing (the route turns it into the 404)', async () => {
    expect(await loadPage(services, locale, '/nowhere', ['generic'])).toBeNull();
    expect(await loadPage(services, locale, '/about', ['landing'])).toBeNull();
    expect(await loadPost(services, locale, 'missing')).toBeNull();
  });
});
