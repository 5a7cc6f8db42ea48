import { setRequestLocale } from "next-intl/server";

import { guardPage } from "@/features/accounts/server/guards";
import { MyRequests } from "@/features/requests/components/my-requests";
import { myRequests } from "@/features/requests/server/driver-requests";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("MyRequests.title");

export default async function MyRequestsPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("signedIn", "/requests", locale);
  return <MyRequests requests={await myRequests(viewer)} />;
}
