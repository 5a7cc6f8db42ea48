-- AlterEnum
ALTER TYPE "OsmImportStatus" ADD VALUE 'refused';

-- AlterTable
ALTER TABLE "osm_import_runs" ADD COLUMN     "seenBefore" INTEGER;
