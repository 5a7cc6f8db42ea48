-- CreateEnum
CREATE TYPE "ReviewHideReason" AS ENUM ('pending', 'spam', 'offensive', 'notAVisit', 'conflict', 'other');

-- CreateEnum
CREATE TYPE "ReportReason" AS ENUM ('spam', 'offensive', 'notAVisit', 'conflict', 'other');

-- CreateEnum
CREATE TYPE "ReportOutcome" AS ENUM ('hidden', 'kept');

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "heldAt" TIMESTAMP(3),
ADD COLUMN     "hiddenAt" TIMESTAMP(3),
ADD COLUMN     "hiddenReason" "ReviewHideReason",
ADD COLUMN     "replyAt" TIMESTAMP(3),
ADD COLUMN     "replyText" VARCHAR(1000),
ADD COLUMN     "verified" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "burstFlaggedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "review_reports" (
    "id" UUID NOT NULL,
    "reviewId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "reason" "ReportReason" NOT NULL,
    "text" VARCHAR(500) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "outcome" "ReportOutcome",

    CONSTRAINT "review_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "visit_codes" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "codeHash" VARCHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "reviewId" UUID,

    CONSTRAINT "visit_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "review_reports_resolvedAt_createdAt_idx" ON "review_reports"("resolvedAt", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "review_reports_reviewId_userId_key" ON "review_reports"("reviewId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "visit_codes_codeHash_key" ON "visit_codes"("codeHash");

-- CreateIndex
CREATE INDEX "visit_codes_serviceId_usedAt_expiresAt_idx" ON "visit_codes"("serviceId", "usedAt", "expiresAt");

-- AddForeignKey
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visit_codes" ADD CONSTRAINT "visit_codes_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visit_codes" ADD CONSTRAINT "visit_codes_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "reviews"("id") ON DELETE SET NULL ON UPDATE CASCADE;
