import type { ContentManagement } from '#server/content/management/contract.ts';

const PAGE = 100;
/** Past this many the count reads "1000+": the index page stays quick whatever the content holds. */
const MOST_COUNTED = 1000;

/** How many entries a content type has (its master-locale copies), counted a keyset page at a time. */
export async function countEntries(
  management: ContentManagement,
  contentType: string,
  locale: string,
): Promise<{ count: number; more: boolean }> {
  let count = 0;
  let after: string | undefined;
  for (;;) {
    const page = await management.listEntries({
      contentType,
      locale,
      limit: PAGE,
      ...(after ? { after } : {}),
    });
    count += page.items.length;
    if (!page.next) return { count, more: false };
    if (count >= MOST_COUNTED) return { count, more: true };
    after = page.next;
  }
}
