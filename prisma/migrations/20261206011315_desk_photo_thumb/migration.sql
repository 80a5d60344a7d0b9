-- AlterTable
ALTER TABLE "Photo" ADD COLUMN     "bytesHash" TEXT,
ADD COLUMN     "thumb" BYTEA,
ADD COLUMN     "uploadKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Photo_uploadKey_key" ON "Photo"("uploadKey");
