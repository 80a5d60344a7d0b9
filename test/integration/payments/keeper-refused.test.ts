import { Refusal } from '../../../src/services/refusal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { recordClaim } from '../../../src/services/claims';
import { confirmPayment, rejectPayment, declarePayment } from '../../../src/services/payments';
import { registerSeizure } from '../../../src/services/register';
import { loadGrants, staffActorOf } from '../../../src/services/staff';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

// A payment declared while the case could still be claimed, then the case moved on (sold at auction, s. 14)
// before the keeper answered: the statute engine refuses both the confirmation and the rejection, and the
// transaction leaves nothing behind.

const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });

describe.each(await dbKinds())('a keeper acting on a payment the statute no longer allows, on %s', (kind) => {
  let tdb: TestDatabase;
  const now = new Date('2026-11-29T10:00:00+05:30');
  const via = (messageId: number) => ({ telegramId: 7601n, chatId: 7601, messageId });
  const db = () => tdb.prisma;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seed(tdb.prisma, now);
    await enrolStaff(tdb.prisma, 7601, 'POUND_KEEPER', ['JAI1']);
  });
  afterAll(() => tdb?.destroy());

  it("is refused with the engine's reason; the payment stays pending and nothing is recorded", async () => {
    const grants = await loadGrants(db(), 7601n);
    const pound = await db().pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const { case: c } = await registerSeizure(db(), {
      entry: {
        poundId: pound.id,
        groups: [{ cattleClass: 'cow', count: 1, descriptions: ['brown'] }],
        impoundedAt: new Date('2026-11-28T09:00:00+05:30'),
        seizerName: 'Seizer',
        seizerResidence: 'Amer',
        placeOfSeizure: 'Amer',
      },
      actor: staffActorOf(grants, via(1)),
      now,
    });
    await db().telegramUser.create({ data: { id: 7602n, firstName: 'Owner' } });
    const claim = await recordClaim(db(), {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: 7602n,
      claimantName: 'Owner',
      isAgent: false,
      ownerName: 'Owner',
    });
    const d = await declarePayment(
      { db: db(), config },
      {},
      { claimId: claim.id, telegramUserId: 7602n, method: 'CASH', amountPaise: null, upiRef: null, now },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    await db().case.update({ where: { id: c.id }, data: { status: 'SOLD' } });
    const audits = await db().auditEvent.count({ where: { caseId: c.id } });

    const confirmed = confirmPayment(db(), {
      paymentId: d.paymentId,
      actor: staffActorOf(grants, via(2)),
      now,
      botUsername: 'bot',
    });
    await expect(confirmed).rejects.toBeInstanceOf(Refusal);
    await expect(confirmed).rejects.toMatchObject({
      code: 'REFUSED',
      section: expect.stringMatching(/^s\. \d+/),
      params: { reason: 'WRONG_STATUS', status: 'SOLD' },
    });
    const rejected = rejectPayment(db(), {
      paymentId: d.paymentId,
      actor: staffActorOf(grants, via(3)),
      reason: 'not received',
      now,
    });
    await expect(rejected).rejects.toMatchObject({ code: 'REFUSED', params: { reason: 'WRONG_STATUS' } });

    expect((await db().payment.findUniqueOrThrow({ where: { id: d.paymentId } })).status).toBe('PENDING');
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SOLD');
    expect(await db().ledgerEntry.count({ where: { caseId: c.id } })).toBe(0);
    expect(await db().receipt.count({ where: { caseId: c.id } })).toBe(0);
    expect(await db().auditEvent.count({ where: { caseId: c.id } })).toBe(audits);
  });
});
