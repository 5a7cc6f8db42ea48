-- CreateEnum
CREATE TYPE "QuoteJobStatus" AS ENUM ('done', 'confirmed', 'disputed');

-- CreateEnum
CREATE TYPE "QuoteJobConfirmer" AS ENUM ('driver', 'time', 'admin');

-- CreateEnum
CREATE TYPE "QuoteBookingStatus" AS ENUM ('proposed', 'confirmed', 'rescheduled', 'done', 'cancelled', 'no_show');

-- CreateEnum
CREATE TYPE "QuoteExtraStatus" AS ENUM ('proposed', 'approved', 'declined');

-- AlterTable
ALTER TABLE "quote_requests" ADD COLUMN     "disputeReason" VARCHAR(500) NOT NULL DEFAULT '',
ADD COLUMN     "disputeResolution" VARCHAR(500) NOT NULL DEFAULT '',
ADD COLUMN     "disputeResolvedAt" TIMESTAMP(3),
ADD COLUMN     "disputeResolvedById" UUID,
ADD COLUMN     "doneAt" TIMESTAMP(3),
ADD COLUMN     "doneNote" VARCHAR(500) NOT NULL DEFAULT '',
ADD COLUMN     "finalPrice" INTEGER,
ADD COLUMN     "jobConfirmedBy" "QuoteJobConfirmer",
ADD COLUMN     "jobDecidedAt" TIMESTAMP(3),
ADD COLUMN     "jobStatus" "QuoteJobStatus";

-- CreateTable
CREATE TABLE "quote_bookings" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "status" "QuoteBookingStatus" NOT NULL DEFAULT 'proposed',
    "proposedBy" "QuoteSide" NOT NULL DEFAULT 'service',
    "proposeReason" VARCHAR(500) NOT NULL DEFAULT '',
    "otherTimesAt" TIMESTAMP(3),
    "otherTimesNote" VARCHAR(500) NOT NULL DEFAULT '',
    "start" TIMESTAMP(3),
    "minutes" SMALLINT,
    "confirmedAt" TIMESTAMP(3),
    "remindedDayAt" TIMESTAMP(3),
    "remindedHoursAt" TIMESTAMP(3),
    "endedBy" "QuoteSide",
    "endReason" VARCHAR(500) NOT NULL DEFAULT '',
    "endedAt" TIMESTAMP(3),
    "lateCancel" BOOLEAN NOT NULL DEFAULT false,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "quote_bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_booking_slots" (
    "id" UUID NOT NULL,
    "bookingId" UUID NOT NULL,
    "start" TIMESTAMP(3) NOT NULL,
    "minutes" SMALLINT NOT NULL,
    "outsideHours" BOOLEAN NOT NULL DEFAULT false,
    "position" SMALLINT NOT NULL,

    CONSTRAINT "quote_booking_slots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_extras" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "authorId" UUID,
    "description" VARCHAR(500) NOT NULL,
    "price" INTEGER NOT NULL,
    "status" "QuoteExtraStatus" NOT NULL DEFAULT 'proposed',
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quote_extras_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_feeds" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "tokenSealed" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "quote_bookings_requestId_key" ON "quote_bookings"("requestId");

-- CreateIndex
CREATE INDEX "quote_bookings_serviceId_start_idx" ON "quote_bookings"("serviceId", "start");

-- CreateIndex
CREATE INDEX "quote_bookings_status_start_idx" ON "quote_bookings"("status", "start");

-- CreateIndex
CREATE INDEX "quote_booking_slots_bookingId_idx" ON "quote_booking_slots"("bookingId");

-- CreateIndex
CREATE INDEX "quote_extras_requestId_createdAt_idx" ON "quote_extras"("requestId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_userId_key" ON "calendar_feeds"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_tokenHash_key" ON "calendar_feeds"("tokenHash");

-- CreateIndex
CREATE INDEX "quote_requests_jobStatus_doneAt_idx" ON "quote_requests"("jobStatus", "doneAt");

-- AddForeignKey
ALTER TABLE "quote_bookings" ADD CONSTRAINT "quote_bookings_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_bookings" ADD CONSTRAINT "quote_bookings_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_booking_slots" ADD CONSTRAINT "quote_booking_slots_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "quote_bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_extras" ADD CONSTRAINT "quote_extras_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_extras" ADD CONSTRAINT "quote_extras_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
