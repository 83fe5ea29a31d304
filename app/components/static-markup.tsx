import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHydrated } from '../lib/router/use-hydrated.ts';

const loadedAt = typeof location === 'undefined' ? '' : location.href;

/**
 * Keeps the server's HTML of `children` on the first hydration and never hydrates it (decision 0056): React
 * claims this one element (its markup stands in for `dangerouslySetInnerHTML`, which hydration does not write)
 * and skips everything inside, so no component below runs in the browser until a later client render mounts this
 * boundary again (another page, a key that changed), which renders `children` as usual. Links inside are routed
 * by root.tsx's one delegated click handler; forms inside post as documents. Nothing inside may need React.
 */
export function StaticMarkup({ children }: { children?: ReactNode }) {
  // Hydration reads the server snapshot (false); a mount after it reads true. Kept for the element's life: the
  // render after hydration reads true and must not swap the markup.
  const [kept] = useState(!useHydrated() && typeof document !== 'undefined');
  // Children the browser's build leaves out (`import.meta.env.SSR ? … : undefined`) can only be drawn by the
  // server: a later client render of them, after a client navigation, is a document load of the page the router
  // has just shown. Never on the page this document was loaded for (a boundary React drew again after a failed
  // hydration), which would load it again forever.
  useEffect(() => {
    if (!kept && children === undefined && location.href !== loadedAt) location.reload();
  }, [kept, children]);
  return kept ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; hydration keeps the server's children as they are
    <div className="static-markup" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
  ) : (
    <div className="static-markup">{children}</div>
  );
}

/**
 * The one click handler for links inside static markup (called once, in root.tsx): a same-origin, unmodified left
 * click on a page link navigates on the client, as a <Link> would; anything else (new tab, download, another
 * origin, a file) is left to the browser.
 */
export function useStaticLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const click = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.<HTMLAnchorElement>('.static-markup a[href]');
      if (
        !link ||
        event.defaultPrevented ||
        event.button ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        link.target ||
        link.hasAttribute('download') ||
        link.origin !== location.origin ||
        /\.\w+$/.test(link.pathname)
      )
        return;
      event.preventDefault();
      navigate(link.pathname + link.search + link.hash);
    };
    document.addEventListener('click', click);
    return () => document.removeEventListener('click', click);
  }, [navigate]);
}
