-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "paidJob" VARCHAR(20),
ADD COLUMN     "paidUah" INTEGER;

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "pricesUpdatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "service_prices" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "job" VARCHAR(20) NOT NULL,
    "label" VARCHAR(60) NOT NULL DEFAULT '',
    "fromUah" INTEGER NOT NULL,
    "position" SMALLINT NOT NULL,

    CONSTRAINT "service_prices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "service_prices_job_fromUah_serviceId_idx" ON "service_prices"("job", "fromUah", "serviceId");

-- CreateIndex
CREATE INDEX "service_prices_serviceId_position_idx" ON "service_prices"("serviceId", "position");

-- AddForeignKey
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
