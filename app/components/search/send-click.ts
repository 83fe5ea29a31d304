/** Reports a search click to the storefront (§7 click; the server appends 'results' or 'autocomplete'). */
export function sendClick(
  localeSegment: string,
  click: { query: string; documentId: string; requestId: string | null; source: 'results' | 'autocomplete' },
) {
  const body = new URLSearchParams({
    query: click.query,
    documentId: click.documentId,
    requestId: click.requestId ?? '',
    source: click.source,
  });
  const url = `/${localeSegment}/search/suggest`;
  try {
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return;
    void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  } catch {
    // A lost click never blocks navigation.
  }
}
