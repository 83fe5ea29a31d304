import { describe, expect, it } from 'vitest';
import { headerView, navLink } from './header-view.ts';

const fr = { language: 'fr', country: 'ca' };

describe('header view (§3 header content, §2 links)', () => {
  it('turns content links into localised hrefs with their prefix', () => {
    expect(
      navLink(
        { title: "Women's", href: '/snowshoes/womens', content_type: 'product_category', type: 'Internal' },
        fr,
      ),
    ).toEqual({
      title: "Women's",
      href: '/fr-ca/c/snowshoes/womens',
      external: false,
      newTab: false,
    });
    expect(
      navLink(
        { title: 'Strava', href: 'https://www.strava.com/clubs/x', type: 'External', new_tab: true },
        fr,
      ),
    ).toEqual({
      title: 'Strava',
      href: 'https://www.strava.com/clubs/x',
      external: true,
      newTab: true,
    });
  });

  it('leaves out missing and script links', () => {
    expect(navLink(null, fr)).toBeNull();
    expect(navLink({ title: 'x', href: 'javascript:alert(1)', type: 'External' }, fr)).toBeNull();
  });

  it('builds navigation, mega menu columns, banner, alerts and secondary links', () => {
    const view = headerView(
      {
        main_nav: [
          {
            uid: 'nav-snowshoes',
            title: 'Raquettes',
            link: {
              title: 'Raquettes',
              href: '/snowshoes',
              content_type: 'product_category',
              type: 'Internal',
              banner: [
                {
                  title: 'Nouveau',
                  content: 'Summit Ascent',
                  background: { amplience_id: 'banner-nav-summit-ascent', alt_text: 'Une raquette' },
                  cta_button_global: [
                    {
                      button_text: 'Voir',
                      type: 'Internal',
                      internal_link: { href: '/summit-ascent', content_type: 'product' },
                    },
                  ],
                },
              ],
            },
            mega_menu: [
              {
                heading: 'Par activité',
                links: [{ title: 'Course', href: '/snowshoes/running', content_type: 'product_category' }],
              },
            ],
          },
          { uid: 'untitled' },
        ],
        top_alert: [
          {
            uid: 'a',
            title: 'Livraison gratuite',
            background_color: '#14202b',
            link: { title: 'x', href: '/shipping' },
          },
          { uid: 'b', title: '' },
        ],
        secondary_nav: { links: [{ title: 'Détaillants', href: '/stores', content_type: 'generic_page' }] },
      },
      fr,
    );
    expect(view.nav).toHaveLength(1);
    expect(view.nav[0]?.link?.href).toBe('/fr-ca/c/snowshoes');
    expect(view.nav[0]?.columns[0]?.links[0]?.href).toBe('/fr-ca/c/snowshoes/running');
    expect(view.nav[0]?.banner?.image).toContain('/media/i/ridgeline/banner-nav-summit-ascent');
    expect(view.nav[0]?.banner?.link).toMatchObject({ title: 'Voir', href: '/fr-ca/p/summit-ascent' });
    expect(view.alerts).toEqual([
      {
        id: 'a',
        text: 'Livraison gratuite',
        background: '#14202b',
        link: expect.objectContaining({ href: '/fr-ca/shipping' }),
      },
    ]);
    expect(view.secondary.map((link) => link.href)).toEqual(['/fr-ca/stores']);
  });

  it('fills the free-shipping amount from the shipping settings, and leaves the promise out without one (issue 40)', () => {
    const header = {
      top_alert: [
        { uid: 'ca', title: 'Livraison gratuite dès {amount} d’achat.' },
        { uid: 'dealers', title: 'Trouvez un revendeur.' },
      ],
    };
    expect(headerView(header, fr, '149 $ CA').alerts.map((alert) => alert.text)).toEqual([
      'Livraison gratuite dès 149 $ CA d’achat.',
      'Trouvez un revendeur.',
    ]);
    expect(headerView(header, fr).alerts.map((alert) => alert.id)).toEqual(['dealers']);
  });

  it('is empty without header content (§8 Header - No Results)', () => {
    expect(headerView(null, fr)).toEqual({ alerts: [], nav: [], secondary: [] });
  });
});
