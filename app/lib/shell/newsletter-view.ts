/** The footer signup for the visitor's region, from email signup settings (SPEC §3). */
export interface NewsletterView {
  heading: string | null;
  body: string | null;
  consent: string | null;
  lists: Array<{ id: string; name: string }>;
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function newsletterView(entry: Raw | null): NewsletterView | null {
  if (!entry) return null;
  const lists = (Array.isArray(entry.lists) ? entry.lists : [])
    .map((list) => list as Raw)
    .filter((list) => text(list?.id) && text(list?.name))
    .map((list) => ({ id: text(list.id)!, name: text(list.name)! }));
  if (lists.length === 0) return null;
  const copy = (entry.copy ?? {}) as Raw;
  return { heading: text(copy.heading), body: text(copy.body), consent: text(copy.consent), lists };
}
