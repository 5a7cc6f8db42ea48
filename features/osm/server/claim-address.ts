import "server-only";

import { emailChangedRecently } from "@/features/osm/email-age";
import { getPrisma } from "@/lib/db/server";

/**
 * The rule the claims take from the import: a listing's address may receive a claim code only
 * when the e-mail of the OpenStreetMap place it came from has stood unchanged long enough
 * (features/osm/email-age.ts), since anyone may edit that tag. Listings that did not come from
 * OSM are not dated here: their address is their owner's word.
 */

/** Of these listings, the ones whose place's e-mail on OSM is newer than the rule allows. */
export async function addressesChangedRecently(serviceIds: string[], now = new Date()): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  const prisma = await getPrisma();
  const places = await prisma.osmPlace.findMany({
    where: { serviceId: { in: serviceIds } },
    select: { serviceId: true, emailSince: true },
  });
  return new Set(
    places.flatMap((place) =>
      place.serviceId && emailChangedRecently(place.emailSince, now) ? [place.serviceId] : [],
    ),
  );
}

/** The address a claim code may go to: the listing's contact mail, or "" when it is too new to prove anything. */
export async function claimCodeAddress(service: { id: string; contactMail: string }): Promise<string> {
  const address = service.contactMail.trim();
  if (!address) return "";
  return (await addressesChangedRecently([service.id])).has(service.id) ? "" : address;
}
