-- Written by hand: data only, so `npm run db:migration` has nothing to compute.
-- The brand list spells Chevrolet and ВАЗ/Lada (features/listings/service-fields.ts). Rows stored
-- with the first spellings, Shevrolet and Waz/Lada, take the new ones in every table that keeps a
-- make, so a keyword search for "Chevrolet", "ВАЗ" or "Lada" finds them. The API still accepts the
-- old spellings and stores them as the new.
UPDATE "services" SET "brand" = 'Chevrolet' WHERE "brand" = 'Shevrolet';
UPDATE "services" SET "brand" = 'ВАЗ/Lada' WHERE "brand" = 'Waz/Lada';
UPDATE "quote_requests" SET "carMake" = 'Chevrolet' WHERE "carMake" = 'Shevrolet';
UPDATE "quote_requests" SET "carMake" = 'ВАЗ/Lada' WHERE "carMake" = 'Waz/Lada';

-- Instances still running drop the answers they kept from before (lib/cache/version.ts).
SELECT nextval('catalog_version');
