import type { ReactNode } from "react";

/**
 * What a page from the page cache shows before the browser knows its visitor, and what it may show
 * once it does, stacked in one grid cell: the cell is as large as the larger, so the swap moves
 * nothing around it (docs/decisions/0007-page-cache.md). Each child keeps its own room and hides
 * itself while it is not the one shown (`invisible` and aria-hidden, or [data-guess] for a guess).
 * The header's signed-in links and a service page's owner box use it.
 */
export function OneSlot({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  return (
    <div data-one-slot="" className={`${inline ? "inline-grid" : "grid"} *:col-start-1 *:row-start-1`}>
      {children}
    </div>
  );
}
