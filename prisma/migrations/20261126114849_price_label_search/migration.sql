-- CreateIndex
CREATE INDEX "service_prices_label_trgm_idx" ON "service_prices" USING GIN ("label" gin_trgm_ops);
