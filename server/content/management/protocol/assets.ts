/**
 * Assets: upload (multipart, `asset[upload]` and `asset[title]` as the SDK sends them), list, fetch, delete,
 * publish and unpublish to environments.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { ContentManagement } from '../contract.ts';
import type { ManagementEnv } from './access.ts';
import { badRequest, ManagementError } from './errors.ts';
import { localeOf, publishTargets, readJson } from './request.ts';
import { assetBody } from './shape.ts';

type C = Context<ManagementEnv>;

const MAX_PAGE = 100;
const MAX_SKIP = 10_000;

const assetNotFound = (uid: string) =>
  new ManagementError(404, {
    error_message: `The asset '${uid}' does not exist.`,
    error_code: 145,
    errors: { uid: ['is not valid.'] },
  });

const pageNumber = (max: number) => z.coerce.number().int().min(0).max(max);
const uploadTitle = z.string().trim().max(200);

export function assetRoutes(management: ContentManagement) {
  const listAssets = async (c: C) => {
    const skip = pageNumber(MAX_SKIP).safeParse(c.req.query('skip') ?? 0);
    const limit = pageNumber(MAX_PAGE).safeParse(c.req.query('limit') ?? MAX_PAGE);
    if (!skip.success) throw badRequest(`skip must be a whole number from 0 to ${MAX_SKIP}.`, 'skip');
    if (!limit.success) throw badRequest(`limit must be a whole number from 0 to ${MAX_PAGE}.`, 'limit');
    const search = c.req.query('search')?.slice(0, 200);
    let toSkip = skip.data;
    const items = [];
    let after: string | undefined;
    while (items.length < limit.data) {
      const page = await management.assets.list({
        ...(search ? { search } : {}),
        ...(after ? { after } : {}),
        limit: MAX_PAGE,
      });
      const dropped = Math.min(toSkip, page.items.length);
      toSkip -= dropped;
      items.push(...page.items.slice(dropped, dropped + limit.data - items.length));
      if (!page.next) break;
      after = page.next;
    }
    return c.json({ assets: items.map(assetBody) });
  };

  const oneAsset = async (c: C) => {
    const uid = c.req.param('uid') ?? '';
    const asset = await management.assets.get(uid);
    if (!asset) throw assetNotFound(uid);
    return c.json({ asset: assetBody(asset) });
  };

  const uploadAsset = async (c: C) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
      throw new ManagementError(415, {
        error_message: 'Upload an asset as multipart/form-data with the file in asset[upload].',
        error_code: 141,
        errors: { 'asset[upload]': ["can't be blank."] },
      });
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest('The upload is not a readable multipart form.', 'asset[upload]');
    }
    const file = form.get('asset[upload]');
    if (!(file instanceof File) || file.size === 0)
      throw new ManagementError(422, {
        error_message: 'Choose a file to upload (asset[upload]).',
        error_code: 141,
        errors: { 'asset[upload]': ["can't be blank."] },
      });
    const title = uploadTitle.safeParse(form.get('asset[title]') ?? '');
    if (!title.success)
      throw new ManagementError(422, {
        error_message: 'An asset title is at most 200 characters.',
        error_code: 141,
        errors: { 'asset[title]': ['is too long.'] },
      });
    const asset = await management.assets.upload(c.get('actor'), {
      filename: file.name || 'upload',
      ...(title.data ? { title: title.data } : {}),
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return c.json({ notice: 'Asset created successfully.', asset: assetBody(asset) }, 201);
  };

  const deleteAsset = async (c: C) => {
    const uid = c.req.param('uid') ?? '';
    await management.assets.delete(c.get('actor'), uid);
    return c.json({ notice: 'Asset deleted successfully.' });
  };

  const publishAsset = async (c: C) => {
    const uid = c.req.param('uid') ?? '';
    const body = await readJson(c);
    const targets = publishTargets(management, body, 'asset', localeOf(management, c.req.query('locale')));
    await management.assets.publish(c.get('actor'), uid, targets.environments);
    return c.json({ notice: 'Asset published.' });
  };

  const unpublishAsset = async (c: C) => {
    const uid = c.req.param('uid') ?? '';
    const body = await readJson(c);
    const targets = publishTargets(management, body, 'asset', localeOf(management, c.req.query('locale')));
    await management.assets.unpublish(c.get('actor'), uid, targets.environments);
    return c.json({ notice: 'Asset unpublished.' });
  };

  return { listAssets, oneAsset, uploadAsset, deleteAsset, publishAsset, unpublishAsset };
}
