import { Link } from 'react-router';

/** The parts of one product in the back office, each its own page (issue 20). */
const TABS = [
  { id: 'overview', label: 'Overview', path: '' },
  { id: 'options', label: 'Options', path: '/options' },
  { id: 'prices', label: 'Prices', path: '/prices' },
  { id: 'stock', label: 'Stock', path: '/stock' },
  { id: 'images', label: 'Images', path: '/images' },
  { id: 'fit', label: 'Fit', path: '/fit' },
] as const;

export type ProductTab = (typeof TABS)[number]['id'];

export function ProductTabs({ productId, current }: { productId: number; current: ProductTab }) {
  return (
    <nav className="admin-tabs" aria-label="Product">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.id}>
            <Link
              to={`/admin/products/${productId}${tab.path}`}
              aria-current={tab.id === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
