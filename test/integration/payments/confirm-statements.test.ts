import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';
import { declareAndDeliver, demoCase } from '../../support/paid-case';
import { capturingLogger } from '../../support/test-logs';

// The keeper's "ok" to a payment card is one short transaction: the receipt, the owner's messages and the printable
// PDFs are recorded as facts and made by the jobs that deliver them, never inside the keeper's update. Each write goes
// through the writer every service uses. On Postgres the update takes 12 (BEGIN and COMMIT counted): the update's
// claim, the card, then BEGIN, the payment with its case and the keeper's grants, the payment, the case (`transition`),
// the ledger (`postLedger`), the pound lock, the receipt, the messages (`addAllToOutbox`), the audit event, COMMIT.
const BUDGET = 12;

describe.each(await dbKinds())('statements of a keeper confirming by reply, on %s', (kind) => {
  let h: BotHarness;
  const lines: string[] = [];
  const keeper = { id: 5101, firstName: 'Mohan', languageCode: 'en' };
  const statementsOf = (updateId: number) => {
    const line = lines
      .map((l) => JSON.parse(l) as { msg: string; update_id?: number; statements?: number })
      .find((l) => l.msg === 'update handled' && l.update_id === updateId);
    return line?.statements;
  };

  beforeAll(async () => {
    h = await createBotHarness({
      dbKind: kind,
      start: '2026-11-29T10:00:00+05:30',
      jobs: true,
      logger: capturingLogger(lines, 'info'),
      userCacheTtlMs: 30_000,
    });
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);
  });
  afterAll(() => h?.close());

  it.each([
    ['a s. 13 payment', 's13', 'Kunda', 5201],
    ['a s. 15 deposit', 's15', 'Nangal', 5202],
  ] as const)(`confirming %s takes at most ${BUDGET} statements, one transaction`, async (_, claim, place, ownerId) => {
    const c = await demoCase(h, 'JAI1', place);
    const owner = { id: ownerId, firstName: 'Owner', languageCode: 'hi' };
    const { paymentId, cardOf } = await declareAndDeliver(h, { caseId: c.id, owner, section: claim });
    await h.send(keeper, '/help'); // the keeper's grants are in the cache, as for any keeper at work
    const update = await h.reply(keeper, cardOf(keeper), 'ok');
    expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('CONFIRMED');
    const n = statementsOf(update.update_id);
    expect(n).toBeLessThanOrEqual(BUDGET);
    // The keeper's answer is in the update; his printouts and the owner's receipt come from the jobs, typeset when sent.
    const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { receipt: true } });
    expect(h.api.sentTo(keeper.id).at(-1)!.text).toBe(
      h.deps.translator.t('en', 'staff:confirm.done', {
        caseNumber: c.number,
        amount: p.amountPaise,
        receiptNumber: p.receipt!.number,
      }),
    );
    const before = h.api.sentTo(keeper.id).length;
    await h.drain();
    expect(
      h.api
        .sentTo(keeper.id)
        .slice(before)
        .map((m) => [m.method, m.text])
        .sort(),
    ).toEqual(
      [
        ['sendDocument', h.deps.translator.t('en', 'documents:caption.receipt', { number: p.receipt!.number })],
        ['sendDocument', h.deps.translator.t('en', 'documents:caption.release', { number: c.number })],
      ].sort(),
    );
    expect(
      h.api
        .sentTo(owner.id)
        .filter((m) => m.method === 'sendDocument')
        .map((m) => m.text),
    ).toEqual([h.deps.translator.t('hi', 'documents:caption.receipt', { number: p.receipt!.number })]);
  });
});
