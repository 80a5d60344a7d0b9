-- CreateEnum
CREATE TYPE "RemittanceKind" AS ENUM ('FINES_TO_MAGISTRATE', 'FEEDING_TO_POUND_KEEPER', 'SECURITY_TO_MAGISTRATE', 'SURPLUS_TO_MAGISTRATE');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerAccount" ADD VALUE 'DEPOSIT_REFUND';
ALTER TYPE "LedgerAccount" ADD VALUE 'SURPLUS_CLAIMANT';

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "ownerRefusedAt" TIMESTAMPTZ(3),
ADD COLUMN     "surplusDepositedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "Remittance" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "kind" "RemittanceKind" NOT NULL,
    "amountPaise" INTEGER NOT NULL,
    "confirmedAt" TIMESTAMPTZ(3) NOT NULL,
    "confirmedByStaffId" INTEGER,
    "viaMessageId" INTEGER,

    CONSTRAINT "Remittance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Remittance_caseId_kind_key" ON "Remittance"("caseId", "kind");

-- AddForeignKey
ALTER TABLE "Remittance" ADD CONSTRAINT "Remittance_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: money is never negative (Prisma does not model CHECKs).
ALTER TABLE "Remittance" ADD CONSTRAINT "Remittance_amount_nonneg" CHECK ("amountPaise" >= 0);
