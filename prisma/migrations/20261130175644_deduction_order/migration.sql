-- CreateTable
CREATE TABLE "DeductionOrder" (
    "id" SERIAL NOT NULL,
    "areaId" INTEGER NOT NULL,
    "effectiveFrom" DATE NOT NULL,
    "effectiveTo" DATE,
    "kinds" TEXT[],
    "reference" TEXT NOT NULL,

    CONSTRAINT "DeductionOrder_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DeductionOrder_areaId_effectiveFrom_key" ON "DeductionOrder"("areaId", "effectiveFrom");

-- AddForeignKey
ALTER TABLE "DeductionOrder" ADD CONSTRAINT "DeductionOrder_areaId_fkey" FOREIGN KEY ("areaId") REFERENCES "Area"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written (Prisma ignores CHECKs): every deduction kind exactly once (s. 16 order of deductions).
ALTER TABLE "DeductionOrder" ADD CONSTRAINT "DeductionOrder_kinds_permutation" CHECK (
  "kinds" IS NOT NULL
  AND cardinality("kinds") = 4
  AND "kinds" @> ARRAY['sale_expenses', 'fine', 'feeding', 'security']::TEXT[]
);
ALTER TABLE "DeductionOrder" ADD CONSTRAINT "DeductionOrder_dates" CHECK ("effectiveTo" IS NULL OR "effectiveTo" >= "effectiveFrom");
