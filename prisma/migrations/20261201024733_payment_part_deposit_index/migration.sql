-- CreateIndex
CREATE INDEX "Payment_part_kind_status_confirmedAt_idx" ON "Payment"("part", "kind", "status", "confirmedAt");
