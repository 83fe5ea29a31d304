import { useEffect } from 'react';
import { INLINED_HREF_ATTRIBUTE } from '#core/inline-stylesheets.ts';

/**
 * The first page's stylesheets came inline, next to their disabled links (core/inline-stylesheets.ts). React
 * does not own those <style> elements, so once a navigation removes a stylesheet's link (its route is gone), its
 * <style> goes too, as a link's stylesheet would have. A later visit to that route loads the link as usual.
 */
export function useDropInlinedStylesheets(pathname: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation may have removed links
  useEffect(() => {
    for (const style of document.querySelectorAll<HTMLStyleElement>(`style[${INLINED_HREF_ATTRIBUTE}]`)) {
      const href = style.getAttribute(INLINED_HREF_ATTRIBUTE) ?? '';
      if (!document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) style.remove();
    }
  }, [pathname]);
}
