-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "providerCaptureId" TEXT,
ADD COLUMN     "refundedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "paypal_events" (
    "id" VARCHAR(100) NOT NULL,
    "type" VARCHAR(100) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "paypal_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "paypal_events_receivedAt_idx" ON "paypal_events"("receivedAt");

-- CreateIndex
CREATE INDEX "mail_outbox_status_nextAttemptAt_idx" ON "mail_outbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "payments_providerCaptureId_key" ON "payments"("providerCaptureId");

-- CreateIndex
CREATE INDEX "payments_status_createdAt_idx" ON "payments"("status", "createdAt");
