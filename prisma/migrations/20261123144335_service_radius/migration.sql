-- AlterTable
ALTER TABLE "services" ADD COLUMN     "serviceRadiusKm" SMALLINT;
