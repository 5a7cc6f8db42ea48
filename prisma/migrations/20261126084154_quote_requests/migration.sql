-- CreateEnum
CREATE TYPE "QuoteRequestStatus" AS ENUM ('open', 'accepted', 'cancelled', 'expired');

-- CreateEnum
CREATE TYPE "QuoteTargetStatus" AS ENUM ('sent', 'answered', 'declined', 'chosen', 'passed', 'cancelled');

-- CreateEnum
CREATE TYPE "PartOfDay" AS ENUM ('morning', 'afternoon', 'evening');

-- CreateEnum
CREATE TYPE "CarFuel" AS ENUM ('petrol', 'diesel', 'lpg', 'hybrid', 'electric');

-- CreateEnum
CREATE TYPE "QuoteCloser" AS ENUM ('driver', 'shop', 'admin', 'time');

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "responseMinutes" INTEGER,
ADD COLUMN     "responseRate" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "lastCar" JSONB;

-- AlterTable
ALTER TABLE "visit_codes" ADD COLUMN     "quoteRequestId" UUID,
ADD COLUMN     "userId" UUID;

-- CreateTable
CREATE TABLE "quote_requests" (
    "id" UUID NOT NULL,
    "driverId" UUID NOT NULL,
    "job" VARCHAR(20) NOT NULL,
    "description" VARCHAR(1000) NOT NULL DEFAULT '',
    "carMake" VARCHAR(40) NOT NULL,
    "carModel" VARCHAR(60) NOT NULL,
    "carYear" SMALLINT NOT NULL,
    "carFuel" "CarFuel" NOT NULL,
    "asap" BOOLEAN NOT NULL DEFAULT false,
    "fromDate" DATE,
    "toDate" DATE,
    "partOfDay" "PartOfDay",
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "locale" "Locale" NOT NULL DEFAULT 'en',
    "status" "QuoteRequestStatus" NOT NULL DEFAULT 'open',
    "acceptedAnswerId" UUID,
    "closedBy" "QuoteCloser",
    "closedById" UUID,
    "closeReason" VARCHAR(500) NOT NULL DEFAULT '',
    "closedAt" TIMESTAMP(3),
    "acceptedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "quote_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_targets" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "position" SMALLINT NOT NULL,
    "status" "QuoteTargetStatus" NOT NULL DEFAULT 'sent',
    "distanceM" INTEGER NOT NULL,
    "answeredAt" TIMESTAMP(3),
    "remindedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "quote_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_answers" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "authorId" UUID,
    "decline" BOOLEAN NOT NULL DEFAULT false,
    "price" INTEGER,
    "priceFrom" INTEGER,
    "priceTo" INTEGER,
    "slot" TIMESTAMP(3),
    "earliest" DATE,
    "message" VARCHAR(1000) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quote_answers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_request_images" (
    "requestId" UUID NOT NULL,
    "imageId" UUID NOT NULL,
    "position" SMALLINT NOT NULL,

    CONSTRAINT "quote_request_images_pkey" PRIMARY KEY ("requestId","imageId")
);

-- CreateIndex
CREATE UNIQUE INDEX "quote_requests_acceptedAnswerId_key" ON "quote_requests"("acceptedAnswerId");

-- CreateIndex
CREATE INDEX "quote_requests_driverId_createdAt_idx" ON "quote_requests"("driverId", "createdAt");

-- CreateIndex
CREATE INDEX "quote_requests_status_expiresAt_idx" ON "quote_requests"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "quote_requests_createdAt_idx" ON "quote_requests"("createdAt");

-- CreateIndex
CREATE INDEX "quote_targets_serviceId_createdAt_idx" ON "quote_targets"("serviceId", "createdAt");

-- CreateIndex
CREATE INDEX "quote_targets_status_createdAt_idx" ON "quote_targets"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "quote_targets_requestId_serviceId_key" ON "quote_targets"("requestId", "serviceId");

-- CreateIndex
CREATE INDEX "quote_answers_serviceId_createdAt_idx" ON "quote_answers"("serviceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "quote_answers_requestId_serviceId_key" ON "quote_answers"("requestId", "serviceId");

-- CreateIndex
CREATE INDEX "quote_request_images_imageId_idx" ON "quote_request_images"("imageId");

-- CreateIndex
CREATE UNIQUE INDEX "visit_codes_quoteRequestId_key" ON "visit_codes"("quoteRequestId");

-- CreateIndex
CREATE INDEX "visit_codes_userId_serviceId_idx" ON "visit_codes"("userId", "serviceId");

-- AddForeignKey
ALTER TABLE "visit_codes" ADD CONSTRAINT "visit_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visit_codes" ADD CONSTRAINT "visit_codes_quoteRequestId_fkey" FOREIGN KEY ("quoteRequestId") REFERENCES "quote_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_acceptedAnswerId_fkey" FOREIGN KEY ("acceptedAnswerId") REFERENCES "quote_answers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_closedById_fkey" FOREIGN KEY ("closedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_targets" ADD CONSTRAINT "quote_targets_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_targets" ADD CONSTRAINT "quote_targets_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_answers" ADD CONSTRAINT "quote_answers_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_answers" ADD CONSTRAINT "quote_answers_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_answers" ADD CONSTRAINT "quote_answers_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_request_images" ADD CONSTRAINT "quote_request_images_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_request_images" ADD CONSTRAINT "quote_request_images_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "images"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (Prisma cannot express CHECK constraints; lib/db/schema-engine.ts ignores them).
-- A request says when: as soon as possible, or a range of days in order.
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_when_check"
  CHECK (("asap" AND "fromDate" IS NULL AND "toDate" IS NULL AND "partOfDay" IS NULL)
      OR (NOT "asap" AND "fromDate" IS NOT NULL AND "toDate" IS NOT NULL AND "fromDate" <= "toDate"));
-- An answer is a no, or a price: one amount or a range in order, never both.
ALTER TABLE "quote_answers" ADD CONSTRAINT "quote_answers_price_check"
  CHECK (("decline" AND "price" IS NULL AND "priceFrom" IS NULL AND "priceTo" IS NULL AND "slot" IS NULL AND "earliest" IS NULL)
      OR (NOT "decline" AND NOT ("price" IS NOT NULL AND "priceFrom" IS NOT NULL)
          AND ("priceFrom" IS NULL) = ("priceTo" IS NULL) AND ("priceFrom" IS NULL OR "priceFrom" <= "priceTo")
          AND NOT ("slot" IS NOT NULL AND "earliest" IS NOT NULL)));
