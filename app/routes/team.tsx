import { Link } from 'react-router';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { EditorialImage } from '../components/editorial/editorial-image.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { loadTeam } from '../lib/editorial/team.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/team';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'team' } satisfies RouteHandle;

// SPEC §2 athlete team.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  return { athletes: await loadTeam(services, locale), home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return editorialMeta(matches, location.pathname, {
    title: 'Team Ridgeline | Ridgeline Snowshoe Co.',
    description: 'The guides, racers and photographers who test every Ridgeline snowshoe before it ships.',
  });
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { athletes, home } = loaderData;
  return (
    <div className="container ed-team">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: t('team'), href: `${home}/team` },
        ]}
      />
      <header className="ed-blog__header">
        <h1>{t('team')}</h1>
        <p className="ed-lede">{t('team intro')}</p>
      </header>
      <ul className="team-grid">
        {athletes.map((athlete, index) => (
          <li key={athlete.uid} className="athlete" id={athlete.uid}>
            <EditorialImage
              image={athlete.image ? { ...athlete.image, alt: athlete.image.alt || athlete.name } : null}
              eager={index < 2}
              className="athlete__image"
            />
            <div className="athlete__body">
              <h2 className="athlete__name">{athlete.name}</h2>
              <p className="eyebrow">
                {athlete.role}
                {athlete.hometown ? ` · ${athlete.hometown}` : ''}
              </p>
              <RichText html={athlete.html} />
              {athlete.gear.length > 0 ? (
                <p className="athlete__gear">
                  <span>{t('favourite gear')}: </span>
                  {athlete.gear.map((gear, gearIndex) => (
                    <span key={gear.uid}>
                      {gearIndex > 0 ? ', ' : ''}
                      <Link to={gear.href}>{gear.title}</Link>
                    </span>
                  ))}
                </p>
              ) : null}
              {athlete.social.map((social) => (
                <a
                  key={social.network}
                  className="athlete__social"
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('athlete on network', { name: athlete.name, network: social.network })}
                </a>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
