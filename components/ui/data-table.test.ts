import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { DataTable, type DataColumn } from "@/components/ui/data-table";

type Row = { id: string; name: string };
const columns: DataColumn<Row>[] = [
  { heading: "ID", kind: "id", cell: (row) => row.id },
  { heading: "Name", cell: (row) => row.name },
  {
    heading: "Actions",
    kind: "actions",
    cell: (row) => createElement("button", { type: "button" }, `Delete ${row.name}`),
  },
];
const render = (rows: Row[]) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, {
      rows,
      columns,
      rowKey: (row) => row.id,
      empty: "No users found.",
      labelledBy: "users-title",
    }),
  );

describe("DataTable", () => {
  it("says the empty state instead of an empty table", () => {
    expect(render([])).toBe('<p class="rounded-lg bg-slate-100 p-4 text-slate-700">No users found.</p>');
  });

  it("has a header row, a row per record, and on a phone each value after its column's name", () => {
    const html = render([
      { id: "01a2151c-7214-7305-b58b-7d14280eed4e", name: "Олена" },
      { id: "01a2151c-6e19-72fa-83b8-d1857eebcd26", name: "Ivan" },
    ]);
    expect(html.match(/<tr/g)).toHaveLength(3);
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toContain('aria-labelledby="users-title"');
    expect(html).toContain('<td data-label="Name"');
    // The long ID is whole in its title (cut short on a wide screen).
    expect(html).toContain('data-label="ID" title="01a2151c-7214-7305-b58b-7d14280eed4e"');
    // The actions take the card's width on a phone, with no column name before them.
    expect(html).not.toContain('data-label="Actions"');
    expect(html).toContain('<button type="button">Delete Ivan</button>');
  });

  it("restates no table roles on the table's own elements (the HTML checker refuses them)", () => {
    expect(render([{ id: "a", name: "b" }])).not.toMatch(/role=/);
  });
});
