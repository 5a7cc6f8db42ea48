import type { ReactNode } from "react";

export type DataColumn<Row> = {
  heading: string;
  cell: (row: Row) => ReactNode;
  /**
   * "id": a long identifier, cut short in the table (whole in the cell's title) and whole on a
   * phone. "actions": the row's buttons, in one line; on a phone they take the card's whole width,
   * with no column name before them.
   */
  kind?: "id" | "actions";
};

type Props<Row> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What is said instead of the table when there are no rows. */
  empty: string;
  /** The id of the heading that names the table. */
  labelledBy?: string;
};

const PHONE_LABELLED =
  "max-sm:flex max-sm:gap-3 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]";

/**
 * A list of records (the admin's users and services): a table from the sm breakpoint up, one card
 * per row below it, so a phone reaches every row's buttons without scrolling sideways. On a phone
 * each cell shows its column's name (data-label) before its value, the header row being for
 * screen readers only. No table roles are restated on the elements: HTML forbids them on a table's
 * own rows and cells (the W3C checker in tests/e2e/html-validity.spec.ts refuses them).
 */
export function DataTable<Row>({ rows, columns, rowKey, empty, labelledBy }: Props<Row>) {
  if (rows.length === 0) return <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{empty}</p>;
  return (
    <div className="rounded-xl border border-slate-200 bg-white sm:overflow-x-auto">
      <table
        aria-labelledby={labelledBy}
        className="w-full text-sm max-sm:block sm:min-w-full sm:divide-y sm:divide-slate-200"
      >
        <thead className="bg-slate-50 max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className="px-3 py-2 text-left align-middle font-semibold">
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="max-sm:block max-sm:space-y-1 max-sm:py-3">
              {columns.map((column) => (
                <Cell key={column.heading} column={column} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell<Row>({ column, row }: { column: DataColumn<Row>; row: Row }) {
  const value = column.cell(row);
  if (column.kind === "actions") {
    return (
      <td className="px-3 py-2 text-left align-middle max-sm:block max-sm:py-0.5 max-sm:pt-2">
        <div className="flex gap-2 whitespace-nowrap">{value}</div>
      </td>
    );
  }
  const id = column.kind === "id";
  return (
    <td
      data-label={column.heading}
      title={id && typeof value === "string" ? value : undefined}
      className={`px-3 py-2 text-left align-middle max-sm:py-0.5 ${PHONE_LABELLED} ${id ? "sm:max-w-28" : ""}`}
    >
      <div
        className={
          id
            ? "min-w-0 font-mono text-xs text-slate-500 max-sm:break-all sm:max-w-28 sm:truncate"
            : "min-w-0 [overflow-wrap:anywhere]"
        }
      >
        {value}
      </div>
    </td>
  );
}
