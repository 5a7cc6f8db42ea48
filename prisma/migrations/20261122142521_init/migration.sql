-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "cube";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "earthdistance";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "ServiceRole" AS ENUM ('sto', 'mechanic');

-- CreateEnum
CREATE TYPE "Category" AS ENUM ('any', 'cars', 'trucks', 'buses', 'trailers', 'specialmachinery', 'agriculturalmachinery', 'watertransport', 'airtransport', 'motorhomes');

-- CreateEnum
CREATE TYPE "EmailTokenPurpose" AS ENUM ('confirm_email', 'password_reset');

-- CreateEnum
CREATE TYPE "PaymentProvider" AS ENUM ('paypal', 'test');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('created', 'captured', 'failed', 'refunded');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('pending', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "Locale" AS ENUM ('en', 'uk');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "email" VARCHAR(100) NOT NULL,
    "emailNormalized" VARCHAR(100) NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "imageId" UUID,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "isBlocked" BOOLEAN NOT NULL DEFAULT false,
    "emailVerifiedAt" TIMESTAMP(3),
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "locale" "Locale" NOT NULL DEFAULT 'en',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_tokens" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "purpose" "EmailTokenPurpose" NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "services" (
    "id" UUID NOT NULL,
    "role" "ServiceRole" NOT NULL,
    "ownerId" UUID NOT NULL,
    "mechanicOwnerId" UUID,
    "name" VARCHAR(100) NOT NULL,
    "imageId" UUID,
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "category" "Category" NOT NULL DEFAULT 'any',
    "brand" VARCHAR(40) NOT NULL DEFAULT 'Any',
    "experience" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "isOnTheGo" BOOLEAN NOT NULL DEFAULT false,
    "isBlocked" BOOLEAN NOT NULL DEFAULT false,
    "isPaid" BOOLEAN NOT NULL DEFAULT false,
    "paidAt" TIMESTAMP(3),
    "contactPhone1" VARCHAR(12) NOT NULL DEFAULT '',
    "contactPhone2" VARCHAR(12) NOT NULL DEFAULT '',
    "contactMail" VARCHAR(100) NOT NULL,
    "website" VARCHAR(100) NOT NULL DEFAULT '',
    "facebook" VARCHAR(100) NOT NULL DEFAULT '',
    "instagram" VARCHAR(100) NOT NULL DEFAULT '',
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "address" VARCHAR(300) NOT NULL,
    "timeZone" VARCHAR(64) NOT NULL DEFAULT 'Europe/Kyiv',
    "ratingAvg" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "qualityAvg" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "speedAvg" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "priceAvg" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "numReviews" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "services_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opening_hours" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "weekday" SMALLINT NOT NULL,
    "closed" BOOLEAN NOT NULL DEFAULT false,
    "opensAt" SMALLINT NOT NULL,
    "closesAt" SMALLINT NOT NULL,

    CONSTRAINT "opening_hours_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "quality" SMALLINT NOT NULL,
    "speed" SMALLINT NOT NULL,
    "price" SMALLINT NOT NULL,
    "avg" DOUBLE PRECISION NOT NULL,
    "comment" VARCHAR(600) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "serviceId" UUID,
    "userId" UUID,
    "serviceName" VARCHAR(100) NOT NULL,
    "payerEmail" VARCHAR(100) NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "provider" "PaymentProvider" NOT NULL,
    "providerOrderId" TEXT,
    "requestId" TEXT NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'created',
    "capturedAt" TIMESTAMP(3),
    "providerResponse" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "feedback" (
    "id" UUID NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "message" VARCHAR(2000) NOT NULL,
    "email" VARCHAR(100) NOT NULL,
    "userId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "feedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "images" (
    "id" UUID NOT NULL,
    "bytes" BYTEA NOT NULL,
    "contentType" VARCHAR(100) NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "ownerId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" UUID NOT NULL,
    "to" VARCHAR(100) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "locale" "Locale" NOT NULL DEFAULT 'en',
    "kind" VARCHAR(50) NOT NULL,
    "status" "MailStatus" NOT NULL DEFAULT 'pending',
    "providerId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "actorId" UUID,
    "action" VARCHAR(50) NOT NULL,
    "targetType" VARCHAR(20) NOT NULL,
    "targetId" UUID NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" VARCHAR(200) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "geocode_cache" (
    "key" VARCHAR(40) NOT NULL,
    "address" VARCHAR(300) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "geocode_cache_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_emailNormalized_key" ON "users"("emailNormalized");

-- CreateIndex
CREATE INDEX "users_createdAt_idx" ON "users"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "email_tokens_tokenHash_key" ON "email_tokens"("tokenHash");

-- CreateIndex
CREATE INDEX "email_tokens_userId_purpose_idx" ON "email_tokens"("userId", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "services_mechanicOwnerId_key" ON "services"("mechanicOwnerId");

-- CreateIndex
CREATE INDEX "services_role_isPaid_isBlocked_idx" ON "services"("role", "isPaid", "isBlocked");

-- CreateIndex
CREATE INDEX "services_ownerId_idx" ON "services"("ownerId");

-- CreateIndex
CREATE INDEX "services_ratingAvg_id_idx" ON "services"("ratingAvg" DESC, "id");

-- CreateIndex
CREATE INDEX "services_qualityAvg_id_idx" ON "services"("qualityAvg" DESC, "id");

-- CreateIndex
CREATE INDEX "services_speedAvg_id_idx" ON "services"("speedAvg" DESC, "id");

-- CreateIndex
CREATE INDEX "services_priceAvg_id_idx" ON "services"("priceAvg" DESC, "id");

-- CreateIndex
CREATE INDEX "services_isOnTheGo_idx" ON "services"("isOnTheGo");

-- CreateIndex
CREATE INDEX "services_latitude_longitude_idx" ON "services"("latitude", "longitude");

-- CreateIndex
CREATE INDEX "services_name_trgm_idx" ON "services" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "services_address_trgm_idx" ON "services" USING GIN ("address" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "services_description_trgm_idx" ON "services" USING GIN ("description" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "services_brand_trgm_idx" ON "services" USING GIN ("brand" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "opening_hours_weekday_closed_opensAt_closesAt_idx" ON "opening_hours"("weekday", "closed", "opensAt", "closesAt");

-- CreateIndex
CREATE UNIQUE INDEX "opening_hours_serviceId_weekday_key" ON "opening_hours"("serviceId", "weekday");

-- CreateIndex
CREATE INDEX "reviews_serviceId_createdAt_idx" ON "reviews"("serviceId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "reviews_userId_serviceId_key" ON "reviews"("userId", "serviceId");

-- CreateIndex
CREATE UNIQUE INDEX "payments_providerOrderId_key" ON "payments"("providerOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "payments_requestId_key" ON "payments"("requestId");

-- CreateIndex
CREATE INDEX "payments_serviceId_idx" ON "payments"("serviceId");

-- CreateIndex
CREATE INDEX "payments_userId_idx" ON "payments"("userId");

-- CreateIndex
CREATE INDEX "feedback_createdAt_idx" ON "feedback"("createdAt");

-- CreateIndex
CREATE INDEX "images_ownerId_idx" ON "images"("ownerId");

-- CreateIndex
CREATE INDEX "mail_outbox_status_createdAt_idx" ON "mail_outbox"("status", "createdAt");

-- CreateIndex
CREATE INDEX "mail_outbox_to_createdAt_idx" ON "mail_outbox"("to", "createdAt");

-- CreateIndex
CREATE INDEX "audit_log_targetType_targetId_createdAt_idx" ON "audit_log"("targetType", "targetId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "audit_log_createdAt_idx" ON "audit_log"("createdAt");

-- CreateIndex
CREATE INDEX "rate_limits_updatedAt_idx" ON "rate_limits"("updatedAt");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_mechanicOwnerId_fkey" FOREIGN KEY ("mechanicOwnerId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "images" ADD CONSTRAINT "images_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
