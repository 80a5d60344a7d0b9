-- CreateTable
CREATE TABLE "DeadlineRun" (
    "key" TEXT NOT NULL,
    "caseId" INTEGER NOT NULL,
    "step" TEXT NOT NULL,
    "dueAt" TIMESTAMPTZ(3) NOT NULL,
    "ranAt" TIMESTAMPTZ(3) NOT NULL,
    "outcome" TEXT NOT NULL,
    "messages" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DeadlineRun_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "DeadlineRun_caseId_idx" ON "DeadlineRun"("caseId");
