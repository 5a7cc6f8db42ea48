import { getTranslations } from "next-intl/server";

import { RequestsSkeleton } from "@/features/requests/components/my-requests";

export default async function RequestsLoading() {
  const t = await getTranslations("MyRequests");
  return <RequestsSkeleton label={t("loading")} />;
}
