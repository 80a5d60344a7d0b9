-- CreateTable
CREATE TABLE "OwnerMobile" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "cipher" TEXT,
    "numberTag" TEXT,
    "last4" TEXT,
    "language" TEXT NOT NULL,
    "consentAt" TIMESTAMPTZ(3) NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL,
    "recordedByStaffId" INTEGER,
    "caseEndedAt" TIMESTAMPTZ(3),
    "erasedAt" TIMESTAMPTZ(3),

    CONSTRAINT "OwnerMobile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsDelivery" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "mobileId" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "providerMessageId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "SmsDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OwnerMobile_caseId_idx" ON "OwnerMobile"("caseId");

-- CreateIndex
CREATE INDEX "OwnerMobile_erasedAt_caseEndedAt_idx" ON "OwnerMobile"("erasedAt", "caseEndedAt");

-- CreateIndex
CREATE UNIQUE INDEX "OwnerMobile_caseId_numberTag_key" ON "OwnerMobile"("caseId", "numberTag");

-- CreateIndex
CREATE UNIQUE INDEX "SmsDelivery_key_key" ON "SmsDelivery"("key");

-- CreateIndex
CREATE INDEX "SmsDelivery_status_idx" ON "SmsDelivery"("status");

-- AddForeignKey
ALTER TABLE "OwnerMobile" ADD CONSTRAINT "OwnerMobile_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
