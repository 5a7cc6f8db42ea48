-- AlterTable
ALTER TABLE "quote_requests" ADD COLUMN     "driverPhone" VARCHAR(16) NOT NULL DEFAULT '';
