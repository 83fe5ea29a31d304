import { Link, Outlet } from 'react-router';
import { can } from '#core/staff-permissions.ts';
import { ProductTabs } from '../../../components/backoffice/product-tabs.tsx';
import { productOfPage } from '../../../lib/backoffice/product-frame.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/layout';

/**
 * The frame of one product's back-office pages (decision 0046): the product, read once per request, its name and
 * tabs; each tab renders in the outlet and reads the product with useProductFrame instead of loading it again.
 */

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const product = await productOfPage(args, services);
  return { product, canWrite: can(staff.role, 'catalogue:write') };
}

export default function ProductFrame({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <section aria-labelledby="product-title">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 id="product-title">{product.name}</h1>
      <ProductTabs productId={product.id} />
      <Outlet />
    </section>
  );
}
