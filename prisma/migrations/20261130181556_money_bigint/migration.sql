-- Issue 12.3: money that is received, paid out, sold for or recorded in the ledger is BIGINT paise (a sum can
-- pass 2^31 paise = ₹2,14,74,836.48); per-head and per-day rates stay INTEGER. Read through src/db/money.ts.

-- AlterTable
ALTER TABLE "Auction" ALTER COLUMN "saleExpensesPaise" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "LedgerEntry" ALTER COLUMN "amountPaise" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "Payment" ALTER COLUMN "amountPaise" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "Receipt" ALTER COLUMN "amountPaise" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "Remittance" ALTER COLUMN "amountPaise" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "Sale" ALTER COLUMN "pricePaise" SET DATA TYPE BIGINT;
