/**
 * The parts of a service's address for schema.org's PostalAddress. The address is one free-text
 * field: what the owner typed, or Nominatim's display_name for the point picked on the map
 * ("12, вулиця Соборна, Вінниця, Вінницька міська громада, Вінницький район, Вінницька область,
 * 21000, Україна"). Nothing else records a city or region, so they are read from its
 * comma-separated parts; a part is only called a locality when it cannot be part of the street.
 */
export type AddressParts = {
  streetAddress?: string;
  addressLocality?: string;
  addressRegion?: string;
  postalCode?: string;
};

const COUNTRY = /^(україна|ukraine|украина)$/iu;
const POSTAL_CODE = /^\d{5}$/u;
// An oblast, or Crimea's autonomous republic.
const REGION = /(?<!\p{L})(област[ьі]|oblast|автономна республіка|autonomous republic)(?!\p{L})/iu;
// Districts and hromadas sit between the locality and the region in Nominatim's answers.
const DISTRICT = /(?<!\p{L})(район|raion|district|громада|hromada)(?!\p{L})/iu;
const STREET =
  /(?<!\p{L})(вул|вулиця|просп|проспект|пров|провулок|бульв|бульвар|пл|площа|шосе|узвіз|набережна|дорога|тупик|майдан|алея|street|st|avenue|ave|road|rd|lane|boulevard|blvd|square|highway|embankment|alley|drive)(?!\p{L})/iu;

export function postalAddress(address: string): AddressParts {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const result: AddressParts = {};
  const rest: string[] = [];
  let stripped = false;
  for (const part of parts) {
    if (COUNTRY.test(part)) stripped = true;
    else if (POSTAL_CODE.test(part)) [result.postalCode, stripped] = [part, true];
    else if (REGION.test(part)) [result.addressRegion, stripped] = [part, true];
    else if (DISTRICT.test(part)) stripped = true;
    else rest.push(part);
  }
  const last = rest.at(-1);
  if (last && (rest.length > 1 || stripped) && /\p{L}/u.test(last) && !/\d/u.test(last) && !STREET.test(last)) {
    result.addressLocality = last;
    rest.pop();
  }
  // A point the geocoder could not name is stored as its coordinates: no street to speak of.
  if (rest.some((part) => /\p{L}/u.test(part))) result.streetAddress = rest.join(", ");
  return result;
}

/**
 * Where a service is, in a word a card has room for on a phone: the city its address names, else
 * the address itself (a street alone, a city alone, or the coordinates a point the geocoder could
 * not name is stored as). A list across the country is no use without it.
 */
export function shortPlace(address: string): string {
  return postalAddress(address).addressLocality ?? address.trim();
}
