import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { RequestDetail } from "@/features/requests/components/request-detail";
import { requestDetail } from "@/features/requests/server/driver-requests";
import { toLocale } from "@/i18n/locale";
import { NotFoundError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata("MyRequests.detailTitle");

export default async function RequestPage({ params }: Props) {
  const { locale: segment, id } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const viewer = await guardPage("signedIn", `/requests/${id}`, locale);
  let request;
  try {
    request = await requestDetail(viewer, id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
  return (
    <ClientMessages route="requests/[id]">
      <RequestDetail request={request} />
    </ClientMessages>
  );
}
