import { data } from 'react-router';
import { z } from 'zod';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { loadSuggestions } from '../lib/search/search.server.ts';
import type { Route } from './+types/search-suggest';

const clickSchema = z.object({
  query: z.string().max(500),
  documentId: z.string().min(1).max(200),
  requestId: z.string().max(64).optional(),
  source: z.enum(['results', 'autocomplete']),
});

// Resource route of the header autocomplete: suggestions and top products as JSON (GET ?q=), clicks (POST).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  try {
    return Response.json(await loadSuggestions(services, locale, query), {
      headers: { 'Cache-Control': 'public, max-age=60' },
    });
  } catch (error) {
    services.logger.warn({ err: error }, 'search suggestions failed');
    return Response.json({ query, requestId: null, suggestions: [], products: [] }, { status: 200 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = await storefrontContext(request, context);
  const parsed = clickSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || !services.search) return data({ ok: false }, { status: 400 });
  const { query, documentId, requestId, source } = parsed.data;
  try {
    await services.search.client.click(
      { query, documentId, ...(requestId ? { requestId } : {}), tags: ['storefront'] },
      source,
    );
    return data({ ok: true });
  } catch (error) {
    services.logger.warn({ err: error }, 'search click failed');
    return data({ ok: false }, { status: 502 });
  }
}
