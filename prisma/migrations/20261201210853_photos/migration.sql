-- CreateEnum
CREATE TYPE "PhotoStatus" AS ENUM ('PENDING', 'STORED', 'REFUSED');

-- AlterTable
ALTER TABLE "Claim" ADD COLUMN     "photoId" INTEGER;

-- AlterTable
ALTER TABLE "Head" ADD COLUMN     "photoId" INTEGER;

-- CreateTable
CREATE TABLE "Photo" (
    "id" SERIAL NOT NULL,
    "caseId" INTEGER NOT NULL,
    "fileId" TEXT,
    "status" "PhotoStatus" NOT NULL DEFAULT 'PENDING',
    "contentType" TEXT,
    "bytes" BYTEA,
    "byteSize" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "storedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Photo_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Photo_caseId_idx" ON "Photo"("caseId");

-- CreateIndex
CREATE INDEX "Photo_status_createdAt_idx" ON "Photo"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "Head" ADD CONSTRAINT "Head_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "Photo"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "Photo"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A stored photo is a JPEG or PNG within the size cap (src/services/photos.ts MAX_PHOTO_BYTES, 2 MiB).
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_stored_is_image" CHECK (
  "status" <> 'STORED' OR ("bytes" IS NOT NULL AND "contentType" IN ('image/jpeg', 'image/png')
    AND octet_length("bytes") <= 2097152 AND "byteSize" = octet_length("bytes"))
);
-- Every photo can be sent again or printed: Telegram's handle, or the bytes themselves.
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_has_source" CHECK ("fileId" IS NOT NULL OR "bytes" IS NOT NULL);
