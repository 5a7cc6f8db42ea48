-- CreateEnum
CREATE TYPE "StatKind" AS ENUM ('view', 'call', 'directions', 'messenger', 'save');

-- CreateTable
CREATE TABLE "service_stats" (
    "serviceId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "kind" "StatKind" NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "service_stats_pkey" PRIMARY KEY ("serviceId","day","kind")
);

-- CreateTable
CREATE TABLE "stat_marks" (
    "hash" CHAR(64) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stat_marks_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "service_stats_day_idx" ON "service_stats"("day");

-- CreateIndex
CREATE INDEX "stat_marks_expiresAt_idx" ON "stat_marks"("expiresAt");

-- AddForeignKey
ALTER TABLE "service_stats" ADD CONSTRAINT "service_stats_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
