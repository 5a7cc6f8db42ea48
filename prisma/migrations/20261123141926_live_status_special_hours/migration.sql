-- CreateEnum
CREATE TYPE "LiveState" AS ENUM ('open', 'generator', 'no_power', 'air_alert', 'damage', 'closed');

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "liveNote" VARCHAR(140) NOT NULL DEFAULT '',
ADD COLUMN     "liveState" "LiveState",
ADD COLUMN     "liveUntil" TIMESTAMP(3),
ADD COLUMN     "liveUpdatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "special_hours" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "startsOn" DATE NOT NULL,
    "endsOn" DATE NOT NULL,
    "closed" BOOLEAN NOT NULL,
    "opensAt" SMALLINT NOT NULL,
    "closesAt" SMALLINT NOT NULL,
    "reason" VARCHAR(100) NOT NULL DEFAULT '',
    "holiday" VARCHAR(20),

    CONSTRAINT "special_hours_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "special_hours_serviceId_startsOn_idx" ON "special_hours"("serviceId", "startsOn");

-- AddForeignKey
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
