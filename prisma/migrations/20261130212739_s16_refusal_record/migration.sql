-- Issue 10.8: the s. 16 refusal records who appeared and when the owner was told (section and consequence).

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "ownerRefusedBy" TEXT,
ADD COLUMN     "ownerToldOfRefusalAt" TIMESTAMPTZ(3);
