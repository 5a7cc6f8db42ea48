import type { ComponentProps } from "react";

import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";

import { AdminSearch } from "./admin-search";

type Props<Row> = {
  /** The heading's id, which names the section and the table. */
  id: string;
  title: string;
  search: ComponentProps<typeof AdminSearch>;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
};

/** An admin list page (users, services): its heading, the search, the table and the pages. */
export function AdminList<Row>({ id, title, search, rows, columns, rowKey, empty, page, pages, hrefFor }: Props<Row>) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h1 id={id} className="text-2xl font-bold">
        {title}
      </h1>
      <AdminSearch {...search} />
      <DataTable rows={rows} columns={columns} rowKey={rowKey} empty={empty} labelledBy={id} />
      <Pager page={page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}
