-- CreateEnum
CREATE TYPE "QuoteSide" AS ENUM ('driver', 'service');

-- AlterTable
ALTER TABLE "quote_targets" ADD COLUMN     "driverMailedAt" TIMESTAMP(3),
ADD COLUMN     "driverReadAt" TIMESTAMP(3),
ADD COLUMN     "serviceMailedAt" TIMESTAMP(3),
ADD COLUMN     "serviceReadAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "quote_messages" (
    "id" UUID NOT NULL,
    "targetId" UUID NOT NULL,
    "side" "QuoteSide" NOT NULL,
    "authorId" UUID,
    "text" VARCHAR(2000) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quote_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_message_images" (
    "messageId" UUID NOT NULL,
    "imageId" UUID NOT NULL,
    "position" SMALLINT NOT NULL,

    CONSTRAINT "quote_message_images_pkey" PRIMARY KEY ("messageId","imageId")
);

-- CreateIndex
CREATE INDEX "quote_messages_targetId_createdAt_idx" ON "quote_messages"("targetId", "createdAt");

-- CreateIndex
CREATE INDEX "quote_messages_authorId_idx" ON "quote_messages"("authorId");

-- CreateIndex
CREATE INDEX "quote_message_images_imageId_idx" ON "quote_message_images"("imageId");

-- AddForeignKey
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "quote_targets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_message_images" ADD CONSTRAINT "quote_message_images_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "quote_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_message_images" ADD CONSTRAINT "quote_message_images_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "images"("id") ON DELETE CASCADE ON UPDATE CASCADE;
