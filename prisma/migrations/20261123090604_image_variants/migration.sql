-- AlterTable
ALTER TABLE "images" ADD COLUMN     "height" INTEGER,
ADD COLUMN     "width" INTEGER;

-- CreateTable
CREATE TABLE "image_variants" (
    "imageId" UUID NOT NULL,
    "width" SMALLINT NOT NULL,
    "format" VARCHAR(10) NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,

    CONSTRAINT "image_variants_pkey" PRIMARY KEY ("imageId","width","format")
);

-- AddForeignKey
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "images"("id") ON DELETE CASCADE ON UPDATE CASCADE;
