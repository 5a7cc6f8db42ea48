-- AlterEnum
ALTER TYPE "PaymentProvider" ADD VALUE 'monobank';

-- AlterEnum
ALTER TYPE "PaymentStatus" ADD VALUE 'expired';

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "pageUrl" VARCHAR(500),
ADD COLUMN     "providerUpdatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "mono_events" (
    "invoiceId" VARCHAR(100) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "modifiedDate" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mono_events_pkey" PRIMARY KEY ("invoiceId","status")
);

-- CreateIndex
CREATE INDEX "mono_events_receivedAt_idx" ON "mono_events"("receivedAt");
