-- CreateIndex
CREATE INDEX "Case_poundId_status_impoundedAt_idx" ON "Case"("poundId", "status", "impoundedAt");
