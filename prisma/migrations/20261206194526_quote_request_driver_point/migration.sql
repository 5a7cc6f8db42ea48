-- AlterTable
ALTER TABLE "quote_requests" ALTER COLUMN "latitude" DROP NOT NULL,
ALTER COLUMN "longitude" DROP NOT NULL;

-- AlterTable
ALTER TABLE "quote_targets" ALTER COLUMN "distanceM" DROP NOT NULL;
