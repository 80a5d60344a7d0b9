-- s. 14 steps already taken on paper, entered later (back-entry): the report's origin, when and by which role the
-- steps were entered, and the notice's origin.
ALTER TABLE "Case" ADD COLUMN "reportSource" TEXT;
ALTER TABLE "Case" ADD COLUMN "backEntryAt" TIMESTAMPTZ(3);
ALTER TABLE "Case" ADD COLUMN "backEntryRole" TEXT;
ALTER TABLE "Case" ADD CONSTRAINT "Case_reportSource_check" CHECK ("reportSource" IS NULL OR "reportSource" = 'paper');
ALTER TABLE "Notice" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'bot';
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_source_check" CHECK ("source" IN ('bot', 'paper'));
