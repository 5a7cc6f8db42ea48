-- CreateTable
CREATE TABLE "saved_services" (
    "userId" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_services_pkey" PRIMARY KEY ("userId","serviceId")
);

-- CreateIndex
CREATE INDEX "saved_services_serviceId_idx" ON "saved_services"("serviceId");

-- AddForeignKey
ALTER TABLE "saved_services" ADD CONSTRAINT "saved_services_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_services" ADD CONSTRAINT "saved_services_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;
