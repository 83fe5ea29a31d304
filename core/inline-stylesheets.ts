/**
 * The stylesheets a first paint needs arrive inside the HTML (issue 22, decision 0016): each built stylesheet
 * link React renders in the head becomes a <style> with the file's text, followed by the same link, disabled.
 * The disabled link is neither fetched nor render-blocking, and it is still there for hydration to claim, so
 * React Router's <Links /> owns it as before (a link missing from the HTML would be a hydration mismatch; React
 * skips the extra <style> in the head). Client-side navigations load other routes' stylesheets as links, as
 * before. Pure: `cssOf` answers the text of a built stylesheet, or null to leave its link alone.
 */

// React writes a links() stylesheet exactly like this (attribute order of the descriptor, self-closed); one a
// component renders with `precedence` (hoisted by React) also carries data-precedence, which must stay: React
// finds that link by it on the client and adopts it rather than adding another.
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"((?: data-precedence="[^"]*")?)\/>/g;

/** Names the stylesheet a <style> stands for (not data-href: React's own hoisted <style>s use that). */
export const INLINED_HREF_ATTRIBUTE = 'data-inlined';

export function inlineStylesheets(head: string, cssOf: (href: string) => string | null): string {
  return head.replace(STYLESHEET_LINK, (link, href: string, precedence: string) => {
    const css = cssOf(href);
    // A `</style` inside would end the element early: such a file keeps its link.
    if (css === null || /<\/style/i.test(css)) return link;
    return `<style ${INLINED_HREF_ATTRIBUTE}="${href}">${css}</style><link rel="stylesheet" href="${href}"${precedence} disabled=""/>`;
  });
}
