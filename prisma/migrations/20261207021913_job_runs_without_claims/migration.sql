-- AlterTable
ALTER TABLE "job_runs" DROP COLUMN "leaseUntil",
DROP COLUMN "runId";

-- Mail is no longer a periodic job (its retries are jobs on the queue): its row would stay "overdue".
DELETE FROM "job_runs" WHERE "name" = 'mail';
