import "server-only";

import { localePath } from "@/features/accounts/server/account-mail";

import type { AcceptedJobRow } from "../../server/job-access";
import { inboxPathOf, notifyRequest, type RequestMailKind, type RequestMailValues } from "../../server/request-mail";
import type { Tx } from "../../server/request-view";

type Values = Omit<RequestMailValues, "name" | "job" | "description" | "station">;

/** A mail of the job to its driver, in the request's language, with a link to the request. */
export function mailDriver(tx: Tx, request: AcceptedJobRow, kind: RequestMailKind, values: Values): Promise<unknown> {
  return notifyRequest(
    tx,
    request.driver.id,
    kind,
    request.driver.email,
    request.locale,
    {
      ...values,
      name: request.driver.name,
      job: request.job,
      description: request.description,
      station: request.acceptedAnswer.service.name,
    },
    localePath(request.locale, `/requests/${request.id}`),
  );
}

/**
 * A mail of the job to the chosen service's owner, in their language, with a link to the inbox;
 * none when the service has no owner any more, or a blocked one (who cannot sign in to read it).
 */
export async function mailService(tx: Tx, request: AcceptedJobRow, kind: RequestMailKind, values: Values) {
  const owner = request.acceptedAnswer.service.owner;
  if (!owner || owner.isBlocked) return;
  await notifyRequest(
    tx,
    owner.id,
    kind,
    owner.email,
    owner.locale,
    {
      ...values,
      name: owner.name,
      job: request.job,
      description: request.description,
      station: request.acceptedAnswer.service.name,
    },
    localePath(owner.locale, inboxPathOf(request.id)),
  );
}
