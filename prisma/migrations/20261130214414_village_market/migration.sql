-- Issue 10.17: the market-place nearest to the place of seizure (s. 14), as area data and recorded on the case.

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "nearestMarket" TEXT;

-- CreateTable
CREATE TABLE "VillageMarket" (
    "id" SERIAL NOT NULL,
    "areaId" INTEGER NOT NULL,
    "villageKey" TEXT NOT NULL,
    "market" TEXT NOT NULL,

    CONSTRAINT "VillageMarket_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VillageMarket_areaId_villageKey_key" ON "VillageMarket"("areaId", "villageKey");

-- AddForeignKey
ALTER TABLE "VillageMarket" ADD CONSTRAINT "VillageMarket_areaId_fkey" FOREIGN KEY ("areaId") REFERENCES "Area"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
