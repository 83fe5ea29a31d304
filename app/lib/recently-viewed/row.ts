import { visitAndList } from './storage.ts';

/**
 * The recently viewed row of product and cart pages (decision 0049), imported by their route modules with the
 * page's code and started once the browser is idle, so the page's first scripts carry one line for it. It records
 * the product on screen (its slug is the URL's), asks the server for the row of the others at today's prices and
 * puts it right after the page's main content, as the body's own child: React 19 skips such a node when it hydrates
 * the body, and React never re-renders what it does not own. A failed request shows no row.
 */

const PAGE = /^\/([^/]+)\/(?:p\/([a-z0-9-]+)|cart)\/?$/;
const BOX = 'recently-viewed-row';

async function show(): Promise<void> {
  document.getElementById(BOX)?.remove();
  const match = PAGE.exec(window.location.pathname);
  const main = document.querySelector('main');
  if (!match || !main) return;
  const [, segment, current] = match;
  const slugs = visitAndList(current ?? null, Date.now());
  if (slugs.length === 0) return;
  const search = slugs.map((slug) => `p=${encodeURIComponent(slug)}`).join('&');
  try {
    const response = await fetch(`/${segment}/recently-viewed?${search}`);
    const html = response.ok ? await response.text() : '';
    // The shopper may have moved on while the row was on its way.
    if (!html || window.location.pathname !== match[0]) return;
    document.getElementById(BOX)?.remove();
    const box = document.createElement('div');
    box.id = BOX;
    box.innerHTML = html;
    main.after(box);
  } catch {
    // Offline or the server is busy: the row is an extra, the page is complete without it.
  }
}

const idle = (run: () => void) => (window.requestIdleCallback ?? setTimeout)(run);
idle(show);
// Client-side navigations (React Router) change the page without loading this module again: where the browser
// reports them (the Navigation API), each new product or cart page gets its row; the row of a page left is removed.
(window as { navigation?: EventTarget }).navigation?.addEventListener('navigatesuccess', () => idle(show));
