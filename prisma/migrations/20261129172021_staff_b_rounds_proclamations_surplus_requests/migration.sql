-- DropIndex
DROP INDEX "Auction_caseId_key";

-- AlterTable
ALTER TABLE "Auction" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "currentAuctionId" INTEGER;

-- AlterTable
ALTER TABLE "Notice" ADD COLUMN     "proclaimedMarketPlace" TEXT,
ADD COLUMN     "proclaimedVillagePlace" TEXT;

-- CreateTable
CREATE TABLE "SurplusRequest" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "claimantName" TEXT NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL,
    "viaMessageId" INTEGER,

    CONSTRAINT "SurplusRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SurplusRequest_caseId_telegramUserId_key" ON "SurplusRequest"("caseId", "telegramUserId");

-- CreateIndex
CREATE UNIQUE INDEX "Auction_caseId_round_key" ON "Auction"("caseId", "round");

-- CreateIndex
CREATE UNIQUE INDEX "Case_currentAuctionId_key" ON "Case"("currentAuctionId");

-- AddForeignKey
ALTER TABLE "Case" ADD CONSTRAINT "Case_currentAuctionId_fkey" FOREIGN KEY ("currentAuctionId") REFERENCES "Auction"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurplusRequest" ADD CONSTRAINT "SurplusRequest_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurplusRequest" ADD CONSTRAINT "SurplusRequest_telegramUserId_fkey" FOREIGN KEY ("telegramUserId") REFERENCES "TelegramUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: existing auctions are round 1 and the case's current one.
UPDATE "Case" SET "currentAuctionId" = a."id" FROM "Auction" a WHERE a."caseId" = "Case"."id";

ALTER TABLE "Auction" ADD CONSTRAINT "Auction_round_positive" CHECK ("round" >= 1);

-- Hand-written: Case.auction is always the latest round (s. 14 further auctions), however the row is inserted.
CREATE FUNCTION kanji_current_auction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Case" c SET "currentAuctionId" = NEW."id"
   WHERE c."id" = NEW."caseId"
     AND (c."currentAuctionId" IS NULL
          OR NEW."round" >= (SELECT a."round" FROM "Auction" a WHERE a."id" = c."currentAuctionId"));
  RETURN NEW;
END $$;
CREATE TRIGGER "Auction_is_current" AFTER INSERT ON "Auction"
  FOR EACH ROW EXECUTE FUNCTION kanji_current_auction();
