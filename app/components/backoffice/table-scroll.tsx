import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: it scrolls sideways inside a named region that takes focus, so a
 * keyboard can scroll it too (axe's scrollable-region-focusable, WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to be scrolled.
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
