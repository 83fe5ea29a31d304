import { Link, useMatches } from 'react-router';
import { rootFacts } from '../../lib/page-meta.ts';
import { breadcrumbList } from '../../lib/structured-data.ts';
import { JsonLd } from '../json-ld.tsx';

export interface Crumb {
  name: string;
  href: string;
}

/** The visible trail and its BreadcrumbList JSON-LD, from one list (the last item is the current page). */
export function Breadcrumbs({ items, label = 'Breadcrumb' }: { items: readonly Crumb[]; label?: string }) {
  const { origin } = rootFacts(useMatches());
  return (
    <>
      <JsonLd
        data={breadcrumbList(items.map((item) => ({ name: item.name, url: `${origin}${item.href}` })))}
      />
      <nav className="breadcrumbs" aria-label={label}>
        <ol>
          {items.map((item, index) =>
            index === items.length - 1 ? (
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
