-- AlterTable
ALTER TABLE "Head" ADD COLUMN     "pendingPhotoId" INTEGER;

-- AddForeignKey
ALTER TABLE "Head" ADD CONSTRAINT "Head_pendingPhotoId_fkey" FOREIGN KEY ("pendingPhotoId") REFERENCES "Photo"("id") ON DELETE SET NULL ON UPDATE CASCADE;
