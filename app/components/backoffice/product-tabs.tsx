import { NavLink } from 'react-router';

/** The parts of one product in the back office, each its own page (issue 20) under the product's frame. */
const TABS = [
  { label: 'Overview', path: '' },
  { label: 'Options', path: '/options' },
  { label: 'Prices', path: '/prices' },
  { label: 'Stock', path: '/stock' },
  { label: 'Images', path: '/images' },
  { label: 'Fit', path: '/fit' },
] as const;

/** The tabs; the one shown is marked by the address (NavLink's aria-current), so a tab need not say which it is. */
export function ProductTabs({ productId }: { productId: number }) {
  return (
    <nav className="admin-tabs" aria-label="Product">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.label}>
            <NavLink to={`/admin/products/${productId}${tab.path}`} end>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
