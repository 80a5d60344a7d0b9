import { describe, expect, it } from 'vitest';
import { staffActorOf } from '../../../src/services/staff';
import { callbackSecret, encodeCallback } from '../../../src/callback-data';
import { registerSeizure } from '../../../src/services/register';
import { createBotHarness, type BotHarness, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

/** Drives /register up to the confirmation with its "Record" button. */
async function upToRecord(h: BotHarness, keeper: TestUser, rg: (...a: string[]) => string) {
  await h.send(keeper, '/register');
  await h.tap(keeper, rg('cls', 'buffalo'));
  await h.send(keeper, '1');
  await h.send(keeper, 'black, curved horns');
  await h.tap(keeper, rg('nophoto'));
  await h.tap(keeper, rg('done'));
  await h.send(keeper, '28.11.2026 18:45');
  await h.tap(keeper, rg('seizedsame'));
  await h.send(keeper, 'Bhanwar Lal');
  await h.send(keeper, 'Kunda village');
  await h.tap(keeper, rg('noowner'));
  await h.send(keeper, 'Kunda');
}

const kinds = await dbKinds();

describe('one seizure, one s. 8 register entry, however often "Record" arrives (e2e)', () => {
  it.runIf(kinds.includes('postgres'))(
    'a concurrent double (triple) tap on "Record" on real Postgres makes one case, and every answer names it',
    async () => {
      const h = await createBotHarness({ dbKind: 'postgres', start: '2026-11-29T10:00:00+05:30' });
      try {
        await seed(h.deps.db, h.clock.now());
        const keeper = { id: 6201, firstName: 'Mohan', languageCode: 'en' };
        await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);
        const secret = callbackSecret(h.deps.config);
        const rg = (...a: string[]) => encodeCallback(secret, 'rg', ...a);
        await upToRecord(h, keeper, rg);
        const before = await h.deps.db.case.count();
        const counter = await h.deps.db.caseCounter.findMany();
        await Promise.all([
          h.tap(keeper, rg('save'), 901),
          h.tap(keeper, rg('save'), 901),
          h.tap(keeper, rg('save'), 901),
        ]);
        expect(await h.deps.db.case.count()).toBe(before + 1);
        const c = await h.deps.db.case.findFirstOrThrow({
          where: { registerKey: `${keeper.id}:901` },
          include: { heads: true },
        });
        expect(c.heads).toHaveLength(1);
        expect(await h.deps.db.auditEvent.count({ where: { action: 'case.register', caseId: c.id } })).toBe(1);
        expect(await h.deps.db.outboxEntry.count({ where: { jobKey: `case:${c.id}:broadcast:new_case` } })).toBe(1);
        // The case number was allocated once: the failed runs' allocations were rolled back.
        const after = await h.deps.db.caseCounter.findMany();
        expect(after.map((x) => x.next).reduce((a, b) => a + b, 0)).toBe(
          counter.map((x) => x.next).reduce((a, b) => a + b, 0) + 1,
        );
        const done = h.api.sentTo(keeper.id).filter((m) =>
          m.text.startsWith(
            h.deps.translator
              .t('en', 'staff:register.done', {
                number: c.number,
                count: 1,
                pound: 'Amer Pound',
                at: c.impoundedAt.toISOString(),
              })
              .slice(0, 20),
          ),
        );
        for (const m of done) expect(m.text).toContain(c.number);
      } finally {
        await h.close();
      }
    },
  );

  it.each(kinds)(
    'registerSeizure on %s: the same button recorded three times at once, then again, is one entry',
    async (kind) => {
      const h = await createBotHarness({ dbKind: kind, start: '2026-11-29T10:00:00+05:30' });
      try {
        await seed(h.deps.db, h.clock.now());
        await enrolStaff(h.deps.db, 6202, 'POUND_KEEPER', ['JAI1']);
        const member = await h.deps.db.staffMember.findFirstOrThrow({
          where: { telegramUserId: 6202n },
          include: { pounds: true },
        });
        const grants = [
          {
            staffId: member.id,
            role: 'POUND_KEEPER' as const,
            name: member.name,
            poundIds: member.pounds.map((p) => p.poundId),
          },
        ];
        const pound = await h.deps.db.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
        const entry = {
          poundId: pound.id,
          groups: [{ cattleClass: 'cow', count: 2, descriptions: ['brown', 'white'], photoFileId: null }],
          impoundedAt: new Date('2026-11-28T10:00:00+05:30'),
          seizerName: 'Bhanwar Lal',
          seizerResidence: 'Kunda',
          ownerName: null,
          ownerResidence: null,
          placeOfSeizure: 'Kunda',
        };
        const via = { telegramId: 6202n, chatId: 6202, messageId: 4242 };
        const now = h.clock.now();
        const runs = await Promise.all(
          [1, 2, 3].map(() => registerSeizure(h.deps.db, { entry, actor: staffActorOf(grants, via), now })),
        );
        const again = await registerSeizure(h.deps.db, { entry, actor: staffActorOf(grants, via), now });
        const ids = new Set([...runs, again].map((r) => r.case.id));
        expect(ids.size).toBe(1);
        expect([...runs, again].filter((r) => !r.replay)).toHaveLength(1);
        expect(await h.deps.db.case.count({ where: { registerKey: '6202:4242' } })).toBe(1);
        expect(await h.deps.db.head.count({ where: { caseId: again.case.id } })).toBe(2);
        // A different button (another entry) is another case.
        const other = await registerSeizure(h.deps.db, {
          entry,
          actor: staffActorOf(grants, { ...via, messageId: 4243 }),
          now,
        });
        expect(other.case.id).not.toBe(again.case.id);
      } finally {
        await h.close();
      }
    },
  );
});
