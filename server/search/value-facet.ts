import type { FacetRequest } from './request.ts';

/**
 * A value facet's answer from its counts: the most frequent values first, ties by value, at most `size` (10,
 * capped at 250). Both engines build it here so that memory and SQL answer a facet the same way.
 */
export function valueFacet(spec: FacetRequest, counts: Map<string | number, number>) {
  const limit = Math.min(250, Math.max(1, Number(spec.size ?? 10) || 10));
  return {
    type: 'value' as const,
    ...(spec.name ? { name: spec.name } : {}),
    data: [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, limit)
      .map(([value, count]) => ({ value, count })),
  };
}
