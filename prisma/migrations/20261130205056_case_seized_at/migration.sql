-- Issue 10.5: the register keeps the time of seizure; the s. 20 complaint window runs from it.
-- Entries made before this column existed keep NULL, read as "seized when impounded" (src/law s20ComplaintWindowOf).

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "seizedAt" TIMESTAMPTZ(3);

-- Cattle are seized, then brought to the pound (s. 8(b)): never seized after they were impounded.
ALTER TABLE "Case" ADD CONSTRAINT "Case_seized_not_after_impounded" CHECK ("seizedAt" IS NULL OR "seizedAt" <= "impoundedAt");
