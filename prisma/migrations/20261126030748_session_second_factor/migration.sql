-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "mfaAt" TIMESTAMP(3);
