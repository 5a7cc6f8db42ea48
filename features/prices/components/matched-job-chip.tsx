import { useFormatter, useTranslations } from "next-intl";

import { CUSTOM_JOB, UAH } from "@/domain/service/jobs";

import type { MatchedJob } from "../answers";

/**
 * On a result found by a job's words, the price line that matched: "Tyre change R16 from 500 ₴",
 * or an owner's own line by its name ("Евакуатор по місту from 1,500 ₴"). Nothing otherwise.
 */
export function MatchedJobChip({ job, className = "" }: { job: MatchedJob | undefined; className?: string }) {
  const t = useTranslations("Prices");
  const format = useFormatter();
  if (!job) return null;
  return (
    <span data-testid="matched-job" className={`rounded-full bg-violet-100 text-violet-900 ${className}`}>
      {t("jobFrom", {
        job: job.job === CUSTOM_JOB ? job.label : t("job", { job: job.job }),
        amount: format.number(job.fromUah, UAH),
      })}
    </span>
  );
}
