/**
 * The asset routes: `/assets[/:uid]`.
 */
import type { Context } from 'hono';
import type { ContentStore } from '../store.ts';
import { DeliveryError } from './errors.ts';
import { deliverAsset, localesFor, matching, pickLocale, project, sortEntries } from './projection.ts';
import { environmentOf, readParams } from './request.ts';

export function assetRoutes(store: ContentStore, environments: readonly string[]) {
  const listAssets = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params, environments);
    const assets = matching(
      pickLocale(await store.assets(localesFor(params), environment), params.locale).map((row) =>
        deliverAsset(row, environment),
      ),
      params,
    );
    sortEntries(assets, params);
    const body: Record<string, unknown> = {
      assets: assets
        .slice(params.skip, params.skip + params.limit)
        .map((a) => project(a, params.only, params.except)),
    };
    if (params.includeCount) body.count = assets.length;
    return c.json(body);
  };

  const oneAsset = async (c: Context) => {
    const params = await readParams(c);
    const environment = environmentOf(params, environments);
    const uid = c.req.param('uid');
    const asset = pickLocale(await store.assets(localesFor(params), environment), params.locale).find(
      (a) => a.uid === uid,
    );
    if (!asset) {
      throw new DeliveryError(404, {
        error_message: 'Asset was not found.',
        error_code: 145,
        errors: { uid: ['is not valid.'] },
      });
    }
    return c.json({ asset: project(deliverAsset(asset, environment), params.only, params.except) });
  };

  return { listAssets, oneAsset };
}
