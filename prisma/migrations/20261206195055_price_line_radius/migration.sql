-- AlterTable
ALTER TABLE "service_prices" ADD COLUMN     "radiusKm" SMALLINT;
