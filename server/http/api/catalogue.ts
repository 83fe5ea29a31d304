import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../middleware/session.ts';
import {
  type ApiContext,
  type ApiOptions,
  idList,
  list,
  paging,
  parse,
  pathId,
  pickFields,
} from './support.ts';

/** GET products, variants, categories, category tree and stock (SPEC §7 commerce proxy). */
export function catalogueRoutes({ commerce }: ApiOptions) {
  const app = new Hono<ApiEnv>();
  const pricing = (c: ApiContext) =>
    commerce.groups.pricing(c.get('region'), c.get('session')?.customer?.id ?? null);
  const includes = (c: ApiContext) =>
    new Set(
      (c.req.query('include') ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );

  app.get('/products', async (c) => {
    const { page, limit } = paging(c);
    const categoryIds = idList(c, 'categories:in') ?? idList(c, 'categories');
    const ids = idList(c, 'id:in');
    const result = await commerce.catalogue.listProducts(await pricing(c), {
      page,
      limit,
      categoryIds,
      ids,
      includeVariants: includes(c).has('variants'),
    });
    const fields = c.req.query('include_fields');
    return c.json(
      list(
        result.data.map((product) => pickFields(product, fields)),
        result.pagination,
      ),
    );
  });

  app.get('/products/:id', async (c) => {
    const product = await commerce.catalogue.getProduct(await pricing(c), pathId(c, 'id'), true);
    return c.json({ data: pickFields(product, c.req.query('include_fields')), meta: {} });
  });

  app.get('/products/:id/options', async (c) => {
    const product = await commerce.catalogue.getProduct(await pricing(c), pathId(c, 'id'), false);
    return c.json(list(product.product_options));
  });

  app.get('/products/:id/variants', async (c) => {
    return c.json(list(await commerce.catalogue.getVariants(await pricing(c), pathId(c, 'id'))));
  });

  app.get('/products/:id/variants/:variantId', async (c) => {
    const productId = pathId(c, 'id');
    const variantId = pathId(c, 'variantId');
    const variant = (await commerce.catalogue.getVariants(await pricing(c), productId)).find(
      (entry) => entry.id === variantId,
    );
    if (!variant)
      return c.json(
        { status: 404, title: 'Not Found', detail: `No variant ${variantId} of product ${productId}` },
        404,
      );
    return c.json({ data: variant, meta: {} });
  });

  app.get('/variants', async (c) => {
    const { page, limit } = paging(c);
    const id = c.req.query('id');
    const sku = c.req.query('sku');
    const result = await commerce.catalogue.searchVariants(await pricing(c), {
      page,
      limit,
      productIds: idList(c, 'product_id:in'),
      id: id === undefined ? undefined : pathIdValue(id, 'query id'),
      sku: sku === undefined ? undefined : parse(z.string().min(1).max(100), sku, 'query sku'),
    });
    const fields = c.req.query('include_fields');
    return c.json(
      list(
        result.data.map((variant) => pickFields(variant, fields)),
        result.pagination,
      ),
    );
  });

  app.get('/categories', async (c) => {
    const { page, limit } = paging(c);
    const result = await commerce.catalogue.listCategories(page, limit);
    const fields = c.req.query('include_fields');
    return c.json(
      list(
        result.data.map((category) => pickFields(category, fields)),
        result.pagination,
      ),
    );
  });

  app.get('/categories/:id', async (c) =>
    c.json({ data: await commerce.catalogue.getCategory(pathId(c, 'id')), meta: {} }),
  );

  app.get('/category_tree', async (c) => c.json({ data: await commerce.catalogue.categoryTree(), meta: {} }));

  /** The ids, among those given, that are out of stock. */
  app.get('/out-of-stock', async (c) => {
    const ids = idList(c, 'ids') ?? [];
    const stock = await commerce.catalogue.inventory(ids);
    return c.json({ data: stock.filter((entry) => !entry.isInStock).map((entry) => entry.id), meta: {} });
  });

  app.get('/category/products/inventory', async (c) => {
    return c.json(list(await commerce.catalogue.inventory(idList(c, 'ids') ?? [])));
  });

  return app;
}

function pathIdValue(value: string, where: string): number {
  return parse(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, { error: 'must be a positive whole number' })
      .transform(Number),
    value,
    where,
  );
}
