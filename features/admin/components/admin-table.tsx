import type { ReactNode } from "react";

/*
 * The admin lists (users, services): a table from the sm breakpoint up, one card per row below it,
 * so a phone reaches every row's Edit and Delete without scrolling sideways. On a phone each cell
 * shows its column's name (data-label) before its value, the header row being for screen readers
 * only. No table roles are restated on the elements: HTML forbids them on a table's own rows and
 * cells (the W3C checker in tests/e2e/html-validity.spec.ts refuses them).
 */

export function AdminTable({ headings, children }: { headings: string[]; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white sm:overflow-x-auto">
      <table className="w-full text-sm max-sm:block sm:min-w-full sm:divide-y sm:divide-slate-200">
        <thead className="bg-slate-50 max-sm:sr-only">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 text-left align-middle font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}

export function AdminRow({ children }: { children: ReactNode }) {
  return <tr className="max-sm:block max-sm:space-y-1 max-sm:py-3">{children}</tr>;
}

/**
 * One cell; `label` is its column's name, shown before the value on a phone (none for the actions,
 * which take the card's whole width there). An `id` cell is cut short in the table (whole in its
 * title) and shown whole on a phone.
 */
export function AdminCell({ label, children, title, id = false }: { label?: string; children: ReactNode; title?: string; id?: boolean }) {
  const table = id ? "sm:max-w-28" : "";
  const phone = label
    ? "max-sm:flex max-sm:gap-3 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]"
    : "max-sm:block max-sm:pt-2";
  return (
    <td data-label={label} title={title} className={`px-3 py-2 text-left align-middle max-sm:py-0.5 ${phone} ${table}`}>
      <div className={id ? "min-w-0 font-mono text-xs text-slate-500 max-sm:break-all sm:max-w-28 sm:truncate" : "min-w-0 [overflow-wrap:anywhere]"}>
        {children}
      </div>
    </td>
  );
}
