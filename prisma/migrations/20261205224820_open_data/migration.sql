-- CreateTable
CREATE TABLE "OpenDataMonth" (
    "poundId" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "figures" JSONB NOT NULL,
    "computedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OpenDataMonth_pkey" PRIMARY KEY ("poundId","month")
);

-- CreateTable
CREATE TABLE "OpenDataStock" (
    "poundId" INTEGER NOT NULL,
    "figures" JSONB NOT NULL,
    "year" JSONB NOT NULL,
    "total" JSONB NOT NULL,
    "computedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OpenDataStock_pkey" PRIMARY KEY ("poundId")
);

-- CreateIndex
CREATE INDEX "Auction_completedAt_idx" ON "Auction"("completedAt");

-- CreateIndex
CREATE INDEX "LedgerEntry_createdAt_idx" ON "LedgerEntry"("createdAt");

-- CreateIndex
CREATE INDEX "Release_releasedAt_idx" ON "Release"("releasedAt");

-- CreateIndex
CREATE INDEX "Remittance_confirmedAt_idx" ON "Remittance"("confirmedAt");

-- CreateIndex
CREATE INDEX "Sale_auctionId_idx" ON "Sale"("auctionId");
