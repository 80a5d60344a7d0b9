-- AlterTable
ALTER TABLE "Photo" ADD COLUMN     "publicKey" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);

-- CreateIndex
CREATE UNIQUE INDEX "Photo_publicKey_key" ON "Photo"("publicKey");
