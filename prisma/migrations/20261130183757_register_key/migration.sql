-- Issue 12.2: one s. 8 register entry per "Record" button (chat id and message id), enforced by the database.

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "registerKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Case_registerKey_key" ON "Case"("registerKey");
