-- AlterTable
ALTER TABLE "Pound" ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "longitude" DOUBLE PRECISION,
ADD COLUMN     "openingHours" TEXT,
ADD COLUMN     "openingHoursHi" TEXT,
ADD COLUMN     "publicPhone" TEXT;

-- A position is both coordinates or neither, and on the globe.
ALTER TABLE "Pound" ADD CONSTRAINT "Pound_position_check" CHECK (
  ("latitude" IS NULL) = ("longitude" IS NULL)
  AND ("latitude" IS NULL OR ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180))
);
