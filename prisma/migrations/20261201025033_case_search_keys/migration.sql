-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "searchKeys" TEXT[] DEFAULT ARRAY[]::TEXT[];
