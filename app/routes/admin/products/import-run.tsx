import type { ImportStreamLine } from '../../../lib/backoffice/catalogue-import.ts';
import { confirmImportForm, importAnswer } from '../../../lib/backoffice/catalogue-import.ts';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/import-run';

/**
 * POST /admin/products/import/run: the confirmed import with its progress (resource route). The answer streams
 * newline-delimited JSON: `{progress}` after each chunk of rows written, then `{answer}` (or `{failed}`), so the
 * import page draws a progress bar from the one request that runs the import: a second request could not read
 * the progress on the embedded database (PGlite) while the import's transaction holds it. Without JavaScript the
 * page posts the same form to its own action instead.
 */
const headers = {
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** Nothing to read here: the import page (/admin/products/import) posts to it. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'catalogue:write');
  return new Response('Post a confirmed import from /admin/products/import.\n', {
    status: 405,
    headers: { ...headers, Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const parsed = await parseStaffForm(args.request, csrfToken, confirmImportForm);
  if (!parsed.ok) return Response.json(parsed.answer.data, { status: parsed.answer.init?.status, headers });
  const form = parsed.data;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: ImportStreamLine) =>
        controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        const result = await services.commerce.catalogueCsv.import(actor, form.csv, {
          fileName: form.fileName,
          confirmDrops: form.confirmDrops === '1',
          onProgress: (progress) => send({ progress }),
        });
        send({ answer: importAnswer(result, form.fileName) });
      } catch (error) {
        // The import is one transaction: when it throws, nothing was written.
        const refused = services.errorCode(error) !== null;
        if (!refused) services.logger.error({ err: error }, 'catalogue import failed');
        send({
          failed: refused
            ? `Nothing was imported: ${(error as Error).message}`
            : 'The import failed and nothing was written. Try again; if it fails again, the server log says why.',
        });
      }
      controller.close();
    },
  });
  // Not a compressible type: each line reaches the page as it is written.
  return new Response(body, {
    headers: { ...headers, 'Content-Type': 'application/x-ndjson; charset=utf-8' },
  });
}
