import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// The keeper's "consent" tap was never the owner's own act: the migration that introduces the basis maps every number
// recorded before it to a function under law (its own case's messages only), drops the tap, and makes none OWN_CONSENT.
const DIR = path.resolve(import.meta.dirname, '../../../prisma/migrations');
const BASIS = '20261204230111_sms_basis_and_stop';

describe('the SMS basis migration', () => {
  it('maps a number the keeper "consented" for to LEGAL_FUNCTION, with no consent kept', async () => {
    const names = (await readdir(DIR, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(names).toContain(BASIS);
    const db = new PGlite();
    try {
      for (const name of names.slice(0, names.indexOf(BASIS)))
        await db.exec(await readFile(path.join(DIR, name, 'migration.sql'), 'utf8'));
      // A row as the old keeper's flow wrote it (its case is not needed here: the foreign key is set aside).
      await db.exec(`
        ALTER TABLE "OwnerMobile" DISABLE TRIGGER ALL;
        INSERT INTO "OwnerMobile" ("caseId", cipher, "numberTag", last4, language, "consentAt", "recordedAt")
        VALUES (1, 'c2VhbGVk', 'tag', '3210', 'hi', now(), now());
        ALTER TABLE "OwnerMobile" ENABLE TRIGGER ALL;`);
      await db.exec(await readFile(path.join(DIR, BASIS, 'migration.sql'), 'utf8'));
      const rows = await db.query<Record<string, unknown>>('SELECT * FROM "OwnerMobile"');
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({
        basis: 'LEGAL_FUNCTION',
        ownConsentAt: null,
        ownConsentVia: null,
        stoppedAt: null,
        last4: '3210',
      });
      expect(Object.keys(rows.rows[0]!)).not.toContain('consentAt');
    } finally {
      await db.close();
    }
  });
});
