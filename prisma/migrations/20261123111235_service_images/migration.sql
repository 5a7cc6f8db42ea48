-- CreateTable
CREATE TABLE "service_images" (
    "serviceId" UUID NOT NULL,
    "imageId" UUID NOT NULL,
    "position" SMALLINT NOT NULL,

    CONSTRAINT "service_images_pkey" PRIMARY KEY ("serviceId","position")
);

-- CreateIndex
CREATE INDEX "service_images_imageId_idx" ON "service_images"("imageId");

-- CreateIndex
CREATE UNIQUE INDEX "service_images_serviceId_imageId_key" ON "service_images"("serviceId", "imageId");

-- AddForeignKey
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "images"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Written by hand: every service keeps the one image it had, as the first photo of its gallery.
INSERT INTO "service_images" ("serviceId", "imageId", "position")
SELECT "id", "imageId", 0 FROM "services" WHERE "imageId" IS NOT NULL;
