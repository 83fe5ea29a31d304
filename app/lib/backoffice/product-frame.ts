import { useRouteLoaderData } from 'react-router';
import type { loader } from '../../routes/admin/products/layout.tsx';

/** The route id of the product frame (app/routes.ts names the layout by its file). */
export const PRODUCT_FRAME_ID = 'routes/admin/products/layout';

/** What the product frame loaded, for a tab inside it: the product and whether this staff member may change it. */
export function useProductFrame() {
  const frame = useRouteLoaderData<typeof loader>(PRODUCT_FRAME_ID);
  if (!frame)
    throw new Error('A product tab renders inside the product frame (routes/admin/products/layout).');
  return frame;
}

/** The product's name for a tab's page title, read from the frame's match (meta runs before any component). */
export function frameProductName(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const frame = matches.find((match) => match?.id === PRODUCT_FRAME_ID)?.loaderData as
    | { product: { name: string } }
    | undefined;
  return frame?.product.name ?? 'Product';
}
