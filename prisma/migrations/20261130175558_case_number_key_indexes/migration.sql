-- AlterTable
ALTER TABLE "BotSession" ADD COLUMN     "lockToken" TEXT,
ADD COLUMN     "lockedUntil" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "numberKey" TEXT;

-- AlterTable
ALTER TABLE "ProcessedUpdate" ADD COLUMN     "finishedAt" TIMESTAMPTZ(3);

-- Hand-written: numberKey is always upper(number), whoever writes the row (issue 13: the typed number is looked
-- up through this unique index instead of an ILIKE sequential scan).
UPDATE "Case" SET "numberKey" = upper("number");

CREATE FUNCTION kanji_case_number_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."numberKey" := upper(NEW."number");
  RETURN NEW;
END $$;
CREATE TRIGGER "Case_number_key" BEFORE INSERT OR UPDATE OF "number", "numberKey" ON "Case"
  FOR EACH ROW EXECUTE FUNCTION kanji_case_number_key();

-- CreateIndex
CREATE UNIQUE INDEX "Case_numberKey_key" ON "Case"("numberKey");

-- CreateIndex
CREATE INDEX "Case_poundId_impoundedAt_idx" ON "Case"("poundId", "impoundedAt");

-- CreateIndex
CREATE INDEX "Case_impoundedAt_idx" ON "Case"("impoundedAt");

-- CreateIndex
CREATE INDEX "Claim_telegramUserId_idx" ON "Claim"("telegramUserId");

-- CreateIndex
CREATE INDEX "ProcessedUpdate_processedAt_idx" ON "ProcessedUpdate"("processedAt");

-- Open cases by status, paged by id (the reconciler's scan): replaces the status-only index.
-- DropIndex
DROP INDEX "Case_status_idx";

-- CreateIndex
CREATE INDEX "Case_status_id_idx" ON "Case"("status", "id");
