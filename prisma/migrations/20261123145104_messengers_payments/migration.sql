-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('cash', 'card', 'transfer');

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "cashOnlyInOutage" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "paymentMethods" "PaymentMethod"[] DEFAULT ARRAY[]::"PaymentMethod"[],
ADD COLUMN     "telegram" VARCHAR(32) NOT NULL DEFAULT '',
ADD COLUMN     "viber" VARCHAR(13) NOT NULL DEFAULT '';
