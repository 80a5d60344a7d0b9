import { describe, expect, it } from 'vitest';
import { registerSeizure } from '../../../src/services/register';
import { Refusal } from '../../../src/services/refusal';
import { loadGrants, staffActorOf } from '../../../src/services/staff';
import { dbKinds, suiteDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

/**
 * the register keeps the time of seizure (the s. 20 window runs from it). The service refuses a
 * seizure after the impounding or in the future (s. 8); the database refuses it too (CHECK), on PGlite and Postgres.
 */
describe.each(await dbKinds())('time of seizure in the register on %s', (kind) => {
  const now = new Date('2026-11-29T10:00:00+05:30');
  let entry: Parameters<typeof registerSeizure>[1]['entry'];
  let grants: Awaited<ReturnType<typeof loadGrants>>;
  let message = 5000;
  const via = () => ({ telegramId: 6301n, chatId: 6301, messageId: ++message });
  const db = suiteDatabase(kind, async (db) => {
    await seed(db, now);
    await enrolStaff(db, 6301, 'POUND_KEEPER', ['JAI1']);
    grants = await loadGrants(db, 6301n);
    const pound = await db.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    entry = {
      poundId: pound.id,
      groups: [{ cattleClass: 'cow', count: 1, descriptions: ['brown'], photoFileId: null }],
      impoundedAt: new Date('2026-11-28T10:00:00+05:30'),
      seizerName: 'Bhanwar Lal',
      seizerResidence: 'Kunda',
      placeOfSeizure: 'Kunda',
    };
  });

  it('stores the time of seizure; without one, the time brought in', async () => {
    const seizedAt = new Date('2026-11-27T21:30:00+05:30');
    const a = await registerSeizure(db.prisma, {
      entry: { ...entry, seizedAt },
      actor: staffActorOf(grants, via()),
      now,
    });
    expect(a.case.seizedAt?.toISOString()).toBe(seizedAt.toISOString());
    const b = await registerSeizure(db.prisma, { entry, actor: staffActorOf(grants, via()), now });
    expect(b.case.seizedAt?.toISOString()).toBe(entry.impoundedAt.toISOString());
    const audit = await db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'case.register', caseId: a.case.id },
    });
    expect((audit.details as { seizedAt: string }).seizedAt).toBe(seizedAt.toISOString());
  });

  it('refuses a seizure after the impounding or in the future (s. 8), writing nothing', async () => {
    const before = await db.prisma.case.count();
    const after = registerSeizure(db.prisma, {
      entry: { ...entry, seizedAt: new Date('2026-11-28T10:01:00+05:30') },
      actor: staffActorOf(grants, via()),
      now,
    });
    await expect(after).rejects.toMatchObject({ code: 'SEIZURE_SEIZED_AFTER_IMPOUNDING', section: 's. 8' });
    await expect(after).rejects.toBeInstanceOf(Refusal);
    const future = registerSeizure(db.prisma, {
      entry: { ...entry, seizedAt: new Date('2026-11-29T10:01:00+05:30') },
      actor: staffActorOf(grants, via()),
      now,
    });
    await expect(future).rejects.toMatchObject({ code: 'SEIZURE_FUTURE_TIME', params: { field: 'seizedAt' } });
    expect(await db.prisma.case.count()).toBe(before);
  });

  it('the database refuses a seizure after the impounding (CHECK Case_seized_not_after_impounded)', async () => {
    const c = await db.prisma.case.findFirstOrThrow({ where: { seizedAt: { not: null } } });
    await expect(
      db.prisma.case.update({ where: { id: c.id }, data: { seizedAt: new Date(c.impoundedAt.getTime() + 60_000) } }),
    ).rejects.toThrow(/Case_seized_not_after_impounded|check/i);
    await db.prisma.case.update({ where: { id: c.id }, data: { seizedAt: c.impoundedAt } });
  });
});

/**
 * s. 14 has the notice proclaimed "in the village and at the market-place nearest to the place of
 * seizure". The area's data names that market per village; the register entry records it, the proclamation names
 * it in both languages, and without a row the pound's market is used.
 */
describe.each(await dbKinds())('the market nearest the place of seizure on %s', (kind) => {
  const now = new Date('2026-11-29T10:00:00+05:30');
  const db = suiteDatabase(kind, async (db) => {
    await seed(db, now);
    await enrolStaff(db, 6302, 'POUND_KEEPER', ['JAI1']);
  });

  it('is recorded with the entry from the area data and named in the proclamation (en, hi); else the pound’s market', async () => {
    const { createTranslator } = await import('../../../src/i18n');
    const { loadNoticeFacts, renderNoticeTexts } = await import('../../../src/services/notice');
    const translator = await createTranslator({ strict: true });
    const pound = await db.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    await db.prisma.villageMarket.create({
      data: { areaId: pound.areaId, villageKey: 'achrol', market: 'Achrol Pashu Haat' },
    });
    const member = await db.prisma.staffMember.findFirstOrThrow({
      where: { telegramUserId: 6302n },
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
    const entry = (place: string) => ({
      poundId: pound.id,
      groups: [{ cattleClass: 'cow', count: 1, descriptions: ['brown'], photoFileId: null }],
      impoundedAt: new Date('2026-11-28T10:00:00+05:30'),
      seizerName: 'Bhanwar Lal',
      seizerResidence: place,
      placeOfSeizure: place,
    });
    const a = await registerSeizure(db.prisma, {
      entry: entry('  Achrol '),
      actor: staffActorOf(grants, { telegramId: 6302n, chatId: 6302, messageId: 1 }),
      now,
    });
    expect(a.case.nearestMarket).toBe('Achrol Pashu Haat');
    const texts = renderNoticeTexts(translator, (await loadNoticeFacts(db.prisma, a.case.id))!);
    expect(texts.proclamation.en).toContain(
      translator.t('en', 'jobs:notice.market_named', { market: 'Achrol Pashu Haat' }),
    );
    expect(texts.proclamation.hi).toContain(
      translator.t('hi', 'jobs:notice.market_named', { market: 'Achrol Pashu Haat' }),
    );
    // A village with no row: nothing recorded, the pound's market is named.
    const b = await registerSeizure(db.prisma, {
      entry: entry('Itawa'),
      actor: staffActorOf(grants, { telegramId: 6302n, chatId: 6302, messageId: 2 }),
      now,
    });
    expect(b.case.nearestMarket).toBeNull();
    const other = renderNoticeTexts(translator, (await loadNoticeFacts(db.prisma, b.case.id))!);
    expect(other.proclamation.en).toContain(
      translator.t('en', 'jobs:notice.market_named', { market: pound.nearestMarket! }),
    );
    expect(other.proclamation.en).not.toContain('Achrol Pashu Haat');
  });
});
