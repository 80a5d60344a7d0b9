-- Hand-written (issue 12.4): append-only completed. Prisma's diff ignores triggers.

-- The money register and the audit trail cannot be emptied either: TRUNCATE skips row triggers, so a
-- statement-level trigger refuses it (also when reached through TRUNCATE ... CASCADE from another table).
CREATE FUNCTION kanji_forbid_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE is refused', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER "LedgerEntry_no_truncate" BEFORE TRUNCATE ON "LedgerEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION kanji_forbid_truncate();
CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION kanji_forbid_truncate();

-- An issued receipt's amount, and a confirmed payment's amount, are what the keeper confirmed (ss. 13, 15):
-- they are never rewritten. (A PENDING payment's amount is the owner's declaration; the confirming update
-- itself may set the confirmed amount, since OLD.status is then still PENDING.)
CREATE FUNCTION kanji_forbid_amount_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.amountPaise cannot be changed once recorded (row %)', TG_TABLE_NAME, OLD.id USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER "Receipt_amount_fixed" BEFORE UPDATE ON "Receipt"
  FOR EACH ROW WHEN (OLD."amountPaise" IS DISTINCT FROM NEW."amountPaise")
  EXECUTE FUNCTION kanji_forbid_amount_rewrite();
CREATE TRIGGER "Payment_confirmed_amount_fixed" BEFORE UPDATE ON "Payment"
  FOR EACH ROW WHEN (OLD."status" = 'CONFIRMED' AND OLD."amountPaise" IS DISTINCT FROM NEW."amountPaise")
  EXECUTE FUNCTION kanji_forbid_amount_rewrite();
