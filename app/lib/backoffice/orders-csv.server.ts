import type { OrderFilter } from '#core/order-filter.ts';
import { parseOrderFilter } from '#core/order-filter-schema.ts';

/**
 * An orders CSV download for the list's filter in the address (the orders, or their lines): a 400 with the reasons
 * and no rows for a filter that cannot be used, else the file streamed page by page as an attachment.
 */
export function ordersCsvResponse(
  request: Request,
  file: { name: string; stream: (filter: OrderFilter) => ReadableStream<Uint8Array> },
): Response {
  const parsed = parseOrderFilter(new URL(request.url).searchParams);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'filter')}: ${issue.message}`,
    );
    return new Response(`The filter could not be used:\n${reasons.join('\n')}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(file.stream(parsed.data), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.name}-${stamp}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
