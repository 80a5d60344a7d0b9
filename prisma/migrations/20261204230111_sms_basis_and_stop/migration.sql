-- The keeper's "consent" tap was never the owner's own act: every number recorded so far rests on the function under
-- law (DPDP Act 2023, s. 7) for messages about its own case only (basis LEGAL_FUNCTION, the default), and the tap's
-- time is dropped rather than kept as a consent. OWN_CONSENT is only ever set by the owner himself.

-- CreateEnum
CREATE TYPE "SmsBasis" AS ENUM ('LEGAL_FUNCTION', 'OWN_CONSENT');

-- AlterTable
ALTER TABLE "OwnerMobile" DROP COLUMN "consentAt",
ADD COLUMN     "basis" "SmsBasis" NOT NULL DEFAULT 'LEGAL_FUNCTION',
ADD COLUMN     "ownConsentAt" TIMESTAMPTZ(3),
ADD COLUMN     "ownConsentVia" TEXT,
ADD COLUMN     "stoppedAt" TIMESTAMPTZ(3),
ADD COLUMN     "stoppedVia" TEXT;

-- CreateTable
CREATE TABLE "SmsOptOut" (
    "numberTag" TEXT NOT NULL,
    "stoppedAt" TIMESTAMPTZ(3) NOT NULL,
    "via" TEXT NOT NULL,

    CONSTRAINT "SmsOptOut_pkey" PRIMARY KEY ("numberTag")
);

-- CreateTable
CREATE TABLE "SmsCode" (
    "id" SERIAL NOT NULL,
    "mobileId" INTEGER NOT NULL,
    "telegramUserId" BIGINT NOT NULL,
    "code" TEXT,
    "codeHash" TEXT NOT NULL,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SmsCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SmsCode_telegramUserId_idx" ON "SmsCode"("telegramUserId");
