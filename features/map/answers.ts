import { ROLES } from "@/domain/service/fields";
import type { MapBounds, ServiceLocation, ServiceLocations } from "@/features/map/server/map";
import type { SameShape } from "@/lib/same-shape";
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

export const serviceLocationAgrees: SameShape<ServiceLocation, z.infer<typeof ServiceLocationAnswer>> = true;
export const mapBoundsAgrees: SameShape<MapBounds, z.infer<typeof MapBoundsAnswer>> = true;
export const serviceLocationsAgrees: SameShape<
  ServiceLocations & { bounds?: MapBounds },
  z.infer<typeof ServiceLocationsAnswer>
> = true;
