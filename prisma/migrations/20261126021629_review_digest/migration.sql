-- CreateTable
CREATE TABLE "review_digest_pending" (
    "reviewId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_digest_pending_pkey" PRIMARY KEY ("reviewId")
);

-- AddForeignKey
ALTER TABLE "review_digest_pending" ADD CONSTRAINT "review_digest_pending_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
