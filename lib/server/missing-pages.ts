import "server-only";
import { NotFoundError } from "@/lib/http/errors";
import { getPublicService } from "@/features/catalog/server/detail";

const SERVICE_PAGE = /^\/service\/([^/]+)$/;

/**
 * Whether a page address (without the /ua prefix) names a service that is not there, so proxy.ts
 * can answer with the not-found page: a notFound() thrown by the page itself reaches the visitor
 * as an empty HTML shell that only the browser fills in. The answer is read through the public
 * read cache, where the page then finds it again. A failed look-up is no answer: the page renders
 * and reports it itself.
 */
export async function namesMissingService(path: string): Promise<boolean> {
  const id = SERVICE_PAGE.exec(path)?.[1];
  if (!id) return false;
  try {
    await getPublicService(id);
    return false;
  } catch (error) {
    return error instanceof NotFoundError;
  }
}
