import { Link, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';

export function SiteFooter() {
  const root = useRouteLoaderData<RootData>('root');
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <p>Ridgeline Snowshoe Co. · Made for the quiet miles since 2009.</p>
        {root ? (
          <p>
            <Link to={`/${root.locale.segment}/consent`}>Cookie settings</Link>
          </p>
        ) : null}
        <p>© {year} Ridgeline Snowshoe Co. All rights reserved.</p>
      </div>
    </footer>
  );
}
