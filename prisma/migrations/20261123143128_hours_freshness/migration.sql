-- CreateEnum
CREATE TYPE "HoursReportKind" AS ENUM ('wrong_hours', 'closed_permanently');

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "hoursConfirmedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "hoursRemindedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "hours_reports" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "kind" "HoursReportKind" NOT NULL,
    "reporterKey" CHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "hours_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hours_reports_resolvedAt_createdAt_idx" ON "hours_reports"("resolvedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "hours_reports_serviceId_kind_reporterKey_key" ON "hours_reports"("serviceId", "kind", "reporterKey");

-- CreateIndex
CREATE INDEX "services_hoursConfirmedAt_idx" ON "services"("hoursConfirmedAt");

-- AddForeignKey
ALTER TABLE "hours_reports" ADD CONSTRAINT "hours_reports_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
UPDATE "services" SET "hoursConfirmedAt" = "updatedAt";
