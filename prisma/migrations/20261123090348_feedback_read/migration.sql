-- AlterTable
ALTER TABLE "feedback" ADD COLUMN     "readAt" TIMESTAMP(3);
