import { data, type RouterContextProvider } from 'react-router';
import type { Services } from '#server/services.ts';
import { oncePerRequest } from '../router/once-per-request.ts';
import { attemptStaff } from './form.server.ts';
import { productIdOf } from './record-id.server.ts';

export type ProductDetail = Awaited<ReturnType<Services['commerce']['catalogueAdmin']['detail']>>;

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { productId?: string };
}

const detailOnce = oncePerRequest<Promise<ProductDetail>>();

/**
 * The product of a product page, loaded once for all of a request's loaders: the frame (products/layout.tsx)
 * and a tab that needs more than the frame gives it (the overview's content entry by slug) share one read.
 */
export async function productOfPage(args: Args, services: Services): Promise<ProductDetail> {
  const id = productIdOf(args.params);
  const done = await attemptStaff(services, () =>
    detailOnce(args.request, args.context, () => services.commerce.catalogueAdmin.detail(id)),
  );
  if (!done.ok) throw data({ message: `There is no product ${id}.` }, { status: 404 });
  return done.value;
}
