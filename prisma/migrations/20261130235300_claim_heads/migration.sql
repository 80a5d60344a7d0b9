-- DropIndex
DROP INDEX "Release_caseId_basis_key";

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "part" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Release" ADD COLUMN     "claimId" INTEGER,
ADD COLUMN     "slot" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ClaimHead" (
    "claimId" INTEGER NOT NULL,
    "headId" INTEGER NOT NULL,

    CONSTRAINT "ClaimHead_pkey" PRIMARY KEY ("claimId","headId")
);

-- CreateIndex
CREATE INDEX "ClaimHead_headId_idx" ON "ClaimHead"("headId");

-- CreateIndex
CREATE UNIQUE INDEX "Release_claimId_key" ON "Release"("claimId");

-- CreateIndex
CREATE UNIQUE INDEX "Release_caseId_basis_slot_key" ON "Release"("caseId", "basis", "slot");

-- AddForeignKey
ALTER TABLE "ClaimHead" ADD CONSTRAINT "ClaimHead_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "Claim"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimHead" ADD CONSTRAINT "ClaimHead_headId_fkey" FOREIGN KEY ("headId") REFERENCES "Head"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Release" ADD CONSTRAINT "Release_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "Claim"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written (issue #10 item 11): a part release's slot is its claim; the release of the whole case has slot 0
-- and no claim, so each claim has at most one release and a case one whole release per basis.
ALTER TABLE "Release" ADD CONSTRAINT "Release_slot_is_claim" CHECK ("slot" = COALESCE("claimId", 0));
