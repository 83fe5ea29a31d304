import { Link, useMatches } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';
import { rootFacts } from '../../lib/seo/page-meta.ts';
import { breadcrumbList } from '../../lib/seo/structured-data.ts';
import { JsonLd } from '../json-ld.tsx';

export interface Crumb {
  name: string;
  href: string;
}

/** The visible trail and its BreadcrumbList JSON-LD, from one list (the last item is the current page). */
export function Breadcrumbs({ items, label }: { items: readonly Crumb[]; label?: string }) {
  const { origin } = rootFacts(useMatches());
  const t = useText();
  // The first crumb is always the home page, named in the page's language, for shoppers and crawlers alike.
  const crumbs = items.map((item, index) => (index === 0 ? { ...item, name: t('breadcrumb home') } : item));
  return (
    <>
      <JsonLd
        data={breadcrumbList(crumbs.map((item) => ({ name: item.name, url: `${origin}${item.href}` })))}
      />
      <nav className="breadcrumbs" aria-label={label ?? t('breadcrumb')}>
        <ol>
          {crumbs.map((item, index) =>
            index === crumbs.length - 1 ? (
              <li key={item.href} aria-current="page">
                {item.name}
              </li>
            ) : (
              <li key={item.href}>
                <Link to={item.href}>{item.name}</Link>
              </li>
            ),
          )}
        </ol>
      </nav>
    </>
  );
}
