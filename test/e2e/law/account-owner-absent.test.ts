import { describe, expect, it } from 'vitest';
import { paiseOf } from '../../../src/db';
import type { StaffActor } from '../../../src/services/staff';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { actorOf, ist, soldWithOwnerAway } from '../../support/case-fixture';
import { lastText, press } from '../../support/press';

// s. 16 path, the owner absent when the account is due: the officer records the account, kept
// for the owner (no receipt); the s. 17 division can then be recorded, the fines go to the District Magistrate
// and the surplus is held for three months. Earlier steps set up with the services; the account step and the
// division through the bot.
describe.each(await dbKinds())('s. 16 account recorded with the owner absent (%s)', (dbKind) => {
  const officerEn: TestUser = { id: 8801, firstName: 'Vikram', languageCode: 'en' };
  const officerHi: TestUser = { id: 8802, firstName: 'Rakesh', languageCode: 'hi' };
  const acts: Record<number, StaffActor> = {};
  const t = (lang: 'en' | 'hi', key: string, p?: Record<string, unknown>) => h.deps.translator.t(lang, key, p);

  const officers = [officerEn, officerHi];
  const staff = officers.map((o): SuiteStaff => [o, 'OFFICER', ['JAI2'], o.firstName]);
  const h = botSuite(
    { start: '2026-11-05T10:00:00+05:30', dbKind, seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      for (const o of officers) acts[o.id] = await actorOf(h.deps.db, o.id);
    },
  );

  const soldWithOwnerAwayBy = (officer: TestUser) => soldWithOwnerAway(h.deps.db, acts[officer.id]!);

  it.each([
    ['en', officerEn],
    ['hi', officerHi],
  ] as const)(
    'the officer (%s) records the account kept for the owner; the division and the hold follow',
    async (lang, officer) => {
      const db = h.deps.db;
      h.clock.set('2026-11-05T10:00:00+05:30');
      const c = await soldWithOwnerAwayBy(officer);
      await h.send(officer, `/sale ${c.number}`);
      expect(lastText(h, officer)).toBe(t(lang, 'officer:sale.pending_delivery', { number: c.number }));
      await press(h, officer, t(lang, 'officer:sale.absent_button'));
      const text = lastText(h, officer);
      expect(text).toContain(t(lang, 'officer:sale.kept_for_owner', { number: c.number }));
      expect(text).toContain(t(lang, 'officer:account.balance_to.MAGISTRATE_DEPOSIT'));
      // No receipt: the owner has not signed anything; the remaining goat stays in the pound for him.
      expect(await db.receipt.count({ where: { caseId: c.id } })).toBe(0);
      expect(
        (await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } })).map((x) => x.status),
      ).toEqual(['IMPOUNDED', 'SOLD']);
      expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('ACCOUNT_DELIVERED');

      // s. 17: the division. By hand: goat penalty ₹40 × 2 = 8000 paise; feeding 1–3 Nov = 3 days × 2 × ₹30 =
      // 18000; proceeds of the one goat sold 400000 → surplus 400000 − 8000 − 18000 = 374000, held 3 months.
      await h.send(officer, `/split ${c.number}`);
      await press(h, officer, t(lang, 'officer:split.record_button'));
      const ledger = await db.ledgerEntry.findMany({
        where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
      });
      expect(Object.fromEntries(ledger.map((e) => [e.account, paiseOf(e.amountPaise)]))).toEqual({
        DISTRICT_MAGISTRATE: 8000,
        POUND_KEEPER: 18000,
        MAGISTRATE_DEPOSIT: 374000,
      });
      const after = await db.case.findUniqueOrThrow({ where: { id: c.id } });
      expect(after.status).toBe('SURPLUS_HELD'); // s. 17: held three months from the deposit
      expect(after.surplusDepositedAt).not.toBeNull();
    },
  );
});
