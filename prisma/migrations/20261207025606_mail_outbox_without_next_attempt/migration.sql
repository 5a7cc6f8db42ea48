-- DropIndex
DROP INDEX "mail_outbox_status_nextAttemptAt_idx";

-- AlterTable
ALTER TABLE "mail_outbox" DROP COLUMN "nextAttemptAt";
