import { useTranslations } from "next-intl";

import type { DataColumn } from "@/components/ui/data-table";
import { Link } from "@/i18n/navigation";

import { DeleteRowButton } from "./delete-row-button";

/** The columns the admin lists (users, services) have alike, for components/ui/data-table.tsx. */

export function imageColumn<Row extends { image: string | null }>(heading: string): DataColumn<Row> {
  return {
    heading,
    cell: (row) =>
      row.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload
        <img src={row.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
      ) : (
        <span className="text-slate-400">—</span>
      ),
  };
}

/** An address to write to, as a mail link; a dash when there is none (an imported place without one). */
export function mailColumn<Row>(heading: string, mail: (row: Row) => string): DataColumn<Row> {
  return {
    heading,
    cell: (row) =>
      mail(row) ? (
        <a href={`mailto:${mail(row)}`} className="text-brand-700 underline">
          {mail(row)}
        </a>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  };
}

/** A yes/no column; a yes stands out in `tone`. */
export function flagColumn<Row>(
  heading: string,
  isSet: (row: Row) => boolean,
  words: { yes: string; no: string },
  tone: string,
): DataColumn<Row> {
  return {
    heading,
    cell: (row) => (isSet(row) ? <span className={`font-medium ${tone}`}>{words.yes}</span> : words.no),
  };
}

type EditDeleteProps = { href: string; name: string; remove?: { url: string; question: string } };

/** The row's actions: Edit, and Delete after 'Are you sure?' unless `remove` is left out (the admin's own account). */
export function editDeleteColumn<Row>(heading: string, of: (row: Row) => EditDeleteProps): DataColumn<Row> {
  return { heading, kind: "actions", cell: (row) => <EditDelete {...of(row)} /> };
}

function EditDelete({ href, name, remove }: EditDeleteProps) {
  const t = useTranslations("Admin");
  return (
    <>
      <Link
        href={href}
        aria-label={t("editUserLabel", { name })}
        className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
      >
        {t("edit")}
      </Link>
      {remove ? (
        <DeleteRowButton url={remove.url} label={t("deleteUserLabel", { name })} question={remove.question} />
      ) : null}
    </>
  );
}
