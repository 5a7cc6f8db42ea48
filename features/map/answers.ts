import { ROLES } from "@/domain/service/fields";
import { z } from "@/lib/zod";

/** The map's answer (features/map/server/map.ts), as the OpenAPI document describes it. */

export const ServiceLocationAnswer = z
  .object({
    _id: z.guid(),
    name: z.string(),
    role: z.enum(ROLES),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    rating: z.object({ avg: z.number() }),
    address: z.string(),
    /** Where it came from and whether it is claimed: the popup labels an unclaimed imported place. */
    source: z.enum(["owner", "osm"]),
    claimed: z.boolean(),
  })
  .meta({ id: "ServiceLocation", description: "A service's pin." });

export const MapClusterAnswer = z
  .object({ lat: z.number(), lng: z.number(), count: z.number().int() })
  .meta({ id: "MapCluster", description: "Services grouped in one grid cell about a marker's size." });

export const MapBoundsAnswer = z
  .object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() })
  .nullable()
  .meta({ id: "MapBounds", description: "Where every service of the question stands; null when none matches." });

export const ServiceLocationsAnswer = z
  .object({
    services: z.array(ServiceLocationAnswer),
    clusters: z.array(MapClusterAnswer),
    total: z.number().int(),
    bounds: MapBoundsAnswer.optional().meta({ description: "Only with `fit=1`." }),
  })
  .meta({ id: "ServiceLocations" });

export type ServiceLocation = z.infer<typeof ServiceLocationAnswer>;
export type MapCluster = z.infer<typeof MapClusterAnswer>;
/** Where every service of a question stands, for a map to open on all of them; null when none matches. */
export type MapBounds = z.infer<typeof MapBoundsAnswer>;
/** The services and clusters in view, as features/map/server/map.ts reads them; the route adds `bounds`. */
export type ServiceLocations = Omit<z.infer<typeof ServiceLocationsAnswer>, "bounds">;
