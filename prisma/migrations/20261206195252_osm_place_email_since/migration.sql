-- AlterTable
ALTER TABLE "osm_places" ADD COLUMN     "emailSince" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Places imported before: their tags have stood at least since the place's row last changed
-- (every write of the tags sets "updatedAt"), which is no later than their e-mail's real age.
UPDATE "osm_places" SET "emailSince" = "updatedAt";
