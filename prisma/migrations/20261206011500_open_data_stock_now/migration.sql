-- CreateIndex
CREATE INDEX "Head_status_caseId_idx" ON "Head"("status", "caseId");
