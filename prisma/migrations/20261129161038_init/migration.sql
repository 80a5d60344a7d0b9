-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('POUND_KEEPER', 'OFFICER', 'MAGISTRATE', 'ADMIN');

-- CreateEnum
CREATE TYPE "CaseStatus" AS ENUM ('IMPOUNDED', 'PAYMENT_PENDING', 'DEPOSIT_PENDING', 'RELEASED_S13', 'DEPOSITED_S15', 'REPORTED_S14', 'NOTICE_POSTED', 'AUCTION_SCHEDULED', 'SOLD', 'PARTLY_SOLD', 'DISPOSED_PROVISO', 'ACCOUNT_DELIVERED', 'SPLIT_RECORDED', 'SURPLUS_HELD', 'SURPLUS_CLAIMED', 'SURPLUS_TO_REVENUE', 'RELEASED_BY_ORDER', 'CLOSED');

-- CreateEnum
CREATE TYPE "HeadStatus" AS ENUM ('IMPOUNDED', 'RELEASED', 'SOLD', 'DISPOSED');

-- CreateEnum
CREATE TYPE "ClaimKind" AS ENUM ('S13_CLAIM', 'S15_PROTEST', 'S16_REFUSAL');

-- CreateEnum
CREATE TYPE "PaymentKind" AS ENUM ('S13_PAYMENT', 'S15_DEPOSIT');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('CASH', 'UPI');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('PENDING', 'CONFIRMED', 'REJECTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ReceiptKind" AS ENUM ('S13_PAYMENT', 'S15_DEPOSIT', 'S16_BALANCE', 'SURPLUS_CLAIM');

-- CreateEnum
CREATE TYPE "ReleaseBasis" AS ENUM ('S13_PAYMENT', 'S15_DEPOSIT', 'S16_REMAINING', 'S19_ORDER');

-- CreateEnum
CREATE TYPE "OrderKind" AS ENUM ('RELEASE', 'PROVISO_DISPOSAL', 'AUCTION_DIRECTION', 'DEPOSIT_REFUND', 'DEPOSIT_APPLY', 'SURPLUS_CLAIM');

-- CreateEnum
CREATE TYPE "OrderAuthority" AS ENUM ('MAGISTRATE', 'CIVIL_COURT');

-- CreateEnum
CREATE TYPE "AuctionStatus" AS ENUM ('SCHEDULED', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "LedgerAccount" AS ENUM ('OWNER_PAYMENT', 'OWNER_DEPOSIT', 'DISTRICT_MAGISTRATE', 'POUND_KEEPER', 'SALE_EXPENSES', 'SECURITY', 'OWNER_BALANCE', 'MAGISTRATE_DEPOSIT', 'GOVERNMENT_REVENUE', 'SALE_PROCEEDS');

-- CreateEnum
CREATE TYPE "SubscriptionKind" AS ENUM ('CASE', 'VILLAGE');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('PENDING', 'SENT', 'UNREACHABLE', 'FAILED');

-- CreateTable
CREATE TABLE "State" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameHi" TEXT NOT NULL,

    CONSTRAINT "State_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "Area" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameHi" TEXT NOT NULL,
    "stateCode" TEXT NOT NULL,

    CONSTRAINT "Area_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pound" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameHi" TEXT NOT NULL,
    "areaId" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "policeStation" TEXT NOT NULL,
    "nearestMarket" TEXT,
    "upiId" TEXT,
    "upiPayeeName" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FineScale" (
    "id" SERIAL NOT NULL,
    "areaId" INTEGER NOT NULL,
    "cattleClass" TEXT NOT NULL,
    "effectiveFrom" DATE NOT NULL,
    "effectiveTo" DATE,
    "paisePerHead" INTEGER NOT NULL,
    "notification" TEXT NOT NULL,

    CONSTRAINT "FineScale_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeedingRate" (
    "id" SERIAL NOT NULL,
    "poundId" INTEGER NOT NULL,
    "cattleClass" TEXT NOT NULL,
    "effectiveFrom" DATE NOT NULL,
    "effectiveTo" DATE,
    "paisePerDay" INTEGER NOT NULL,
    "orderRef" TEXT NOT NULL,

    CONSTRAINT "FeedingRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SecurityScale" (
    "id" SERIAL NOT NULL,
    "stateCode" TEXT NOT NULL,
    "cattleClass" TEXT NOT NULL,
    "effectiveFrom" DATE NOT NULL,
    "effectiveTo" DATE,
    "paisePerHead" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,

    CONSTRAINT "SecurityScale_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TelegramUser" (
    "id" BIGINT NOT NULL,
    "firstName" TEXT,
    "languageCode" TEXT,
    "language" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TelegramUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EnrolmentCode" (
    "id" SERIAL NOT NULL,
    "codeHash" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "poundCodes" TEXT[],
    "name" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "EnrolmentCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffMember" (
    "id" SERIAL NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "name" TEXT NOT NULL,
    "enrolmentCodeId" INTEGER NOT NULL,
    "enrolledAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "StaffMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffPound" (
    "staffId" INTEGER NOT NULL,
    "poundId" INTEGER NOT NULL,

    CONSTRAINT "StaffPound_pkey" PRIMARY KEY ("staffId","poundId")
);

-- CreateTable
CREATE TABLE "CaseCounter" (
    "poundId" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "next" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "CaseCounter_pkey" PRIMARY KEY ("poundId","year")
);

-- CreateTable
CREATE TABLE "Case" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "poundId" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "status" "CaseStatus" NOT NULL DEFAULT 'IMPOUNDED',
    "impoundedAt" TIMESTAMPTZ(3) NOT NULL,
    "placeOfSeizure" TEXT NOT NULL,
    "villageKey" TEXT NOT NULL,
    "seizerName" TEXT NOT NULL,
    "seizerResidence" TEXT NOT NULL,
    "ownerName" TEXT,
    "ownerResidence" TEXT,
    "ownerTelegramId" BIGINT,
    "registeredByStaffId" INTEGER,
    "registeredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reportedAt" TIMESTAMPTZ(3),
    "noticePostedAt" TIMESTAMPTZ(3),
    "closedAt" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Case_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Head" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "index" INTEGER NOT NULL,
    "cattleClass" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "photoFileId" TEXT,
    "status" "HeadStatus" NOT NULL DEFAULT 'IMPOUNDED',

    CONSTRAINT "Head_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Claim" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "kind" "ClaimKind" NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "claimantName" TEXT NOT NULL,
    "isAgent" BOOLEAN NOT NULL DEFAULT false,
    "ownerName" TEXT NOT NULL,
    "intendsComplaint" BOOLEAN NOT NULL DEFAULT false,
    "s12aDeclaration" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Claim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "claimId" INTEGER,
    "kind" "PaymentKind" NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "amountPaise" INTEGER NOT NULL,
    "duesSnapshot" JSONB NOT NULL,
    "upiRef" TEXT,
    "status" "PaymentStatus" NOT NULL DEFAULT 'PENDING',
    "payerTelegramId" BIGINT NOT NULL,
    "declaredAt" TIMESTAMPTZ(3) NOT NULL,
    "confirmedAt" TIMESTAMPTZ(3),
    "confirmedByStaffId" INTEGER,
    "confirmedViaMessageId" INTEGER,
    "receiptBookNo" TEXT,
    "rejectedReason" TEXT,
    "confirmedSlot" TEXT,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentCard" (
    "id" SERIAL NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "chatId" BIGINT NOT NULL,
    "messageId" INTEGER NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "caseId" INTEGER NOT NULL,
    "kind" "ReceiptKind" NOT NULL,
    "amountPaise" INTEGER NOT NULL,
    "items" JSONB NOT NULL,
    "verificationCode" TEXT NOT NULL,
    "paymentId" INTEGER,
    "issuedAt" TIMESTAMPTZ(3) NOT NULL,
    "issuedToTelegramId" BIGINT,

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Release" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "basis" "ReleaseBasis" NOT NULL,
    "headCount" INTEGER NOT NULL,
    "releasedAt" TIMESTAMPTZ(3) NOT NULL,
    "releasedByStaffId" INTEGER,
    "viaMessageId" INTEGER,
    "orderId" INTEGER,
    "acknowledgedAt" TIMESTAMPTZ(3),
    "acknowledgedByTelegramId" BIGINT,
    "acknowledgedViaMessageId" INTEGER,

    CONSTRAINT "Release_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notice" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "postedAt" TIMESTAMPTZ(3) NOT NULL,
    "postedByStaffId" INTEGER,
    "photoFileId" TEXT,
    "proclaimedVillageAt" TIMESTAMPTZ(3),
    "proclaimedMarketAt" TIMESTAMPTZ(3),
    "proclaimedWhere" TEXT,
    "viaMessageId" INTEGER,

    CONSTRAINT "Notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Auction" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "status" "AuctionStatus" NOT NULL DEFAULT 'SCHEDULED',
    "scheduledFor" TIMESTAMPTZ(3) NOT NULL,
    "place" TEXT NOT NULL,
    "conditions" TEXT NOT NULL,
    "directionRef" TEXT,
    "scheduledByStaffId" INTEGER,
    "saleExpensesPaise" INTEGER,
    "completedAt" TIMESTAMPTZ(3),
    "account" JSONB,

    CONSTRAINT "Auction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bidder" (
    "id" SERIAL NOT NULL,
    "auctionId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "declarationSigned" BOOLEAN NOT NULL DEFAULT false,
    "refusedSection" TEXT,
    "registeredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Bidder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Sale" (
    "id" SERIAL NOT NULL,
    "auctionId" INTEGER NOT NULL,
    "headId" INTEGER NOT NULL,
    "bidderId" INTEGER NOT NULL,
    "pricePaise" INTEGER NOT NULL,

    CONSTRAINT "Sale_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CourtOrder" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "kind" "OrderKind" NOT NULL,
    "authority" "OrderAuthority" NOT NULL,
    "reference" TEXT NOT NULL,
    "orderedOn" DATE NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL,
    "recordedByStaffId" INTEGER,
    "details" JSONB,

    CONSTRAINT "CourtOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Complaint" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "reference" TEXT NOT NULL,
    "filedOn" DATE NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL,
    "outcome" TEXT,
    "outcomeAt" TIMESTAMPTZ(3),

    CONSTRAINT "Complaint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" BIGSERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "account" "LedgerAccount" NOT NULL,
    "amountPaise" INTEGER NOT NULL,
    "section" TEXT NOT NULL,
    "memo" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorTelegramId" BIGINT,
    "actorStaffId" INTEGER,
    "actorRole" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "caseId" INTEGER,
    "chatId" BIGINT,
    "messageId" INTEGER,
    "details" JSONB,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxEntry" (
    "id" BIGSERIAL NOT NULL,
    "jobName" TEXT NOT NULL,
    "jobKey" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "runAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OutboxEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" SERIAL NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "kind" "SubscriptionKind" NOT NULL,
    "caseId" INTEGER,
    "villageKey" TEXT,
    "filter" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMPTZ(3),

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Delivery" (
    "id" BIGSERIAL NOT NULL,
    "messageKey" TEXT NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "Delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProcessedUpdate" (
    "updateId" BIGINT NOT NULL,
    "processedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessedUpdate_pkey" PRIMARY KEY ("updateId")
);

-- CreateTable
CREATE TABLE "BotSession" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BotSession_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Area_code_key" ON "Area"("code");

-- CreateIndex
CREATE UNIQUE INDEX "Pound_code_key" ON "Pound"("code");

-- CreateIndex
CREATE UNIQUE INDEX "FineScale_areaId_cattleClass_effectiveFrom_key" ON "FineScale"("areaId", "cattleClass", "effectiveFrom");

-- CreateIndex
CREATE UNIQUE INDEX "FeedingRate_poundId_cattleClass_effectiveFrom_key" ON "FeedingRate"("poundId", "cattleClass", "effectiveFrom");

-- CreateIndex
CREATE UNIQUE INDEX "SecurityScale_stateCode_cattleClass_effectiveFrom_key" ON "SecurityScale"("stateCode", "cattleClass", "effectiveFrom");

-- CreateIndex
CREATE UNIQUE INDEX "EnrolmentCode_codeHash_key" ON "EnrolmentCode"("codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "StaffMember_enrolmentCodeId_key" ON "StaffMember"("enrolmentCodeId");

-- CreateIndex
CREATE INDEX "StaffMember_telegramUserId_idx" ON "StaffMember"("telegramUserId");

-- CreateIndex
CREATE UNIQUE INDEX "Case_number_key" ON "Case"("number");

-- CreateIndex
CREATE INDEX "Case_villageKey_idx" ON "Case"("villageKey");

-- CreateIndex
CREATE INDEX "Case_status_idx" ON "Case"("status");

-- CreateIndex
CREATE UNIQUE INDEX "Case_poundId_year_seq_key" ON "Case"("poundId", "year", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "Head_caseId_index_key" ON "Head"("caseId", "index");

-- CreateIndex
CREATE INDEX "Claim_caseId_idx" ON "Claim"("caseId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_confirmedSlot_key" ON "Payment"("confirmedSlot");

-- CreateIndex
CREATE INDEX "Payment_caseId_idx" ON "Payment"("caseId");

-- CreateIndex
CREATE INDEX "Payment_status_idx" ON "Payment"("status");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentCard_chatId_messageId_key" ON "PaymentCard"("chatId", "messageId");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_number_key" ON "Receipt"("number");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_verificationCode_key" ON "Receipt"("verificationCode");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_paymentId_key" ON "Receipt"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Release_caseId_basis_key" ON "Release"("caseId", "basis");

-- CreateIndex
CREATE UNIQUE INDEX "Notice_caseId_key" ON "Notice"("caseId");

-- CreateIndex
CREATE UNIQUE INDEX "Auction_caseId_key" ON "Auction"("caseId");

-- CreateIndex
CREATE UNIQUE INDEX "Sale_headId_key" ON "Sale"("headId");

-- CreateIndex
CREATE UNIQUE INDEX "CourtOrder_caseId_kind_reference_key" ON "CourtOrder"("caseId", "kind", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "Complaint_caseId_reference_key" ON "Complaint"("caseId", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_idempotencyKey_key" ON "LedgerEntry"("idempotencyKey");

-- CreateIndex
CREATE INDEX "LedgerEntry_caseId_idx" ON "LedgerEntry"("caseId");

-- CreateIndex
CREATE INDEX "AuditEvent_caseId_idx" ON "AuditEvent"("caseId");

-- CreateIndex
CREATE INDEX "AuditEvent_action_idx" ON "AuditEvent"("action");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEntry_jobKey_key" ON "OutboxEntry"("jobKey");

-- CreateIndex
CREATE INDEX "OutboxEntry_dispatchedAt_idx" ON "OutboxEntry"("dispatchedAt");

-- CreateIndex
CREATE INDEX "Subscription_villageKey_idx" ON "Subscription"("villageKey");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_telegramUserId_kind_caseId_key" ON "Subscription"("telegramUserId", "kind", "caseId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_telegramUserId_kind_villageKey_filter_key" ON "Subscription"("telegramUserId", "kind", "villageKey", "filter");

-- CreateIndex
CREATE INDEX "Delivery_status_idx" ON "Delivery"("status");

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_messageKey_telegramUserId_key" ON "Delivery"("messageKey", "telegramUserId");

-- AddForeignKey
ALTER TABLE "Area" ADD CONSTRAINT "Area_stateCode_fkey" FOREIGN KEY ("stateCode") REFERENCES "State"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pound" ADD CONSTRAINT "Pound_areaId_fkey" FOREIGN KEY ("areaId") REFERENCES "Area"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FineScale" ADD CONSTRAINT "FineScale_areaId_fkey" FOREIGN KEY ("areaId") REFERENCES "Area"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeedingRate" ADD CONSTRAINT "FeedingRate_poundId_fkey" FOREIGN KEY ("poundId") REFERENCES "Pound"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SecurityScale" ADD CONSTRAINT "SecurityScale_stateCode_fkey" FOREIGN KEY ("stateCode") REFERENCES "State"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMember" ADD CONSTRAINT "StaffMember_telegramUserId_fkey" FOREIGN KEY ("telegramUserId") REFERENCES "TelegramUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMember" ADD CONSTRAINT "StaffMember_enrolmentCodeId_fkey" FOREIGN KEY ("enrolmentCodeId") REFERENCES "EnrolmentCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffPound" ADD CONSTRAINT "StaffPound_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffPound" ADD CONSTRAINT "StaffPound_poundId_fkey" FOREIGN KEY ("poundId") REFERENCES "Pound"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CaseCounter" ADD CONSTRAINT "CaseCounter_poundId_fkey" FOREIGN KEY ("poundId") REFERENCES "Pound"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Case" ADD CONSTRAINT "Case_poundId_fkey" FOREIGN KEY ("poundId") REFERENCES "Pound"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Head" ADD CONSTRAINT "Head_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_telegramUserId_fkey" FOREIGN KEY ("telegramUserId") REFERENCES "TelegramUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "Claim"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentCard" ADD CONSTRAINT "PaymentCard_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Release" ADD CONSTRAINT "Release_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Release" ADD CONSTRAINT "Release_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "CourtOrder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Auction" ADD CONSTRAINT "Auction_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bidder" ADD CONSTRAINT "Bidder_auctionId_fkey" FOREIGN KEY ("auctionId") REFERENCES "Auction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sale" ADD CONSTRAINT "Sale_auctionId_fkey" FOREIGN KEY ("auctionId") REFERENCES "Auction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sale" ADD CONSTRAINT "Sale_headId_fkey" FOREIGN KEY ("headId") REFERENCES "Head"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sale" ADD CONSTRAINT "Sale_bidderId_fkey" FOREIGN KEY ("bidderId") REFERENCES "Bidder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourtOrder" ADD CONSTRAINT "CourtOrder_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_telegramUserId_fkey" FOREIGN KEY ("telegramUserId") REFERENCES "TelegramUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------
-- Invariants Prisma does not model (written by hand; Prisma's diff ignores CHECKs and triggers).
-- ---------------------------------------------------------------------------

-- Money is whole paise and never negative.
ALTER TABLE "FineScale"     ADD CONSTRAINT "FineScale_paise_nonneg"     CHECK ("paisePerHead" >= 0);
ALTER TABLE "FeedingRate"   ADD CONSTRAINT "FeedingRate_paise_nonneg"   CHECK ("paisePerDay" >= 0);
ALTER TABLE "SecurityScale" ADD CONSTRAINT "SecurityScale_paise_nonneg" CHECK ("paisePerHead" >= 0);
ALTER TABLE "Payment"       ADD CONSTRAINT "Payment_amount_positive"    CHECK ("amountPaise" > 0);
ALTER TABLE "Receipt"       ADD CONSTRAINT "Receipt_amount_nonneg"      CHECK ("amountPaise" >= 0);
ALTER TABLE "Sale"          ADD CONSTRAINT "Sale_price_positive"        CHECK ("pricePaise" > 0);
ALTER TABLE "Auction"       ADD CONSTRAINT "Auction_expenses_nonneg"    CHECK ("saleExpensesPaise" IS NULL OR "saleExpensesPaise" >= 0);
ALTER TABLE "LedgerEntry"   ADD CONSTRAINT "LedgerEntry_amount_nonneg"  CHECK ("amountPaise" >= 0);

-- Dated rates: an end date, if any, is not before the start.
ALTER TABLE "FineScale"     ADD CONSTRAINT "FineScale_dates"     CHECK ("effectiveTo" IS NULL OR "effectiveTo" >= "effectiveFrom");
ALTER TABLE "FeedingRate"   ADD CONSTRAINT "FeedingRate_dates"   CHECK ("effectiveTo" IS NULL OR "effectiveTo" >= "effectiveFrom");
ALTER TABLE "SecurityScale" ADD CONSTRAINT "SecurityScale_dates" CHECK ("effectiveTo" IS NULL OR "effectiveTo" >= "effectiveFrom");

-- Register entries: positive sequence and head index, a real head count on a release.
ALTER TABLE "Case"    ADD CONSTRAINT "Case_seq_positive"      CHECK ("seq" > 0);
ALTER TABLE "Head"    ADD CONSTRAINT "Head_index_positive"    CHECK ("index" > 0);
ALTER TABLE "Release" ADD CONSTRAINT "Release_headcount_pos"  CHECK ("headCount" > 0);
ALTER TABLE "CaseCounter" ADD CONSTRAINT "CaseCounter_next_positive" CHECK ("next" > 0);

-- A confirmed payment carries who confirmed it and when; its slot is what makes confirmation single.
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_confirmed_complete"
  CHECK (("status" = 'CONFIRMED') = ("confirmedSlot" IS NOT NULL)
     AND ("status" <> 'CONFIRMED' OR "confirmedAt" IS NOT NULL));

-- An enrolment code is used once: used_at is set exactly when a staff member was bound through it.
ALTER TABLE "EnrolmentCode" ADD CONSTRAINT "EnrolmentCode_expiry_after_creation" CHECK ("expiresAt" > "createdAt");

-- Append-only tables: the register of money and the audit trail are never rewritten.
CREATE FUNCTION kanji_forbid_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER "LedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "LedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION kanji_forbid_rewrite();
CREATE TRIGGER "AuditEvent_append_only" BEFORE UPDATE OR DELETE ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION kanji_forbid_rewrite();
