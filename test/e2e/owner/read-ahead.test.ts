import { describe, expect, it } from 'vitest';
import { botSuite } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { capturingLogger } from '../../support/test-logs';
import { data, englishOwner, START, t } from './owner-harness';

// The commonest screens — a typed case number, /case, the dues button, /mycases — are read in the same round trip as
// the update's claim (bot/read-ahead.ts), on Postgres. The owner sees exactly what he would see without it; a guess
// that does not fit the update (a flow waiting for a date, a replay) changes nothing; a read ahead that fails does not
// lose the update.
describe.each(await dbKinds())('screens read with the update, on %s', (kind) => {
  const lines: string[] = [];
  const h = botSuite({
    dbKind: kind,
    start: START,
    seededAt: 'now',
    logger: capturingLogger(lines, 'info'),
    userCacheTtlMs: 30_000,
  });
  const handled = (updateId: number) =>
    lines
      .map(
        (l) =>
          JSON.parse(l) as {
            msg: string;
            update_id?: number;
            statements?: number;
            roundTrips?: number;
            outcome?: string;
          },
      )
      .find((l) => l.msg === 'update handled' && l.update_id === updateId);
  const postgres = kind === 'postgres';
  /** On Postgres the claim and the screen's read share a round trip: one fewer round trip than statements. */
  const readWithClaim = (updateId: number) => {
    const line = handled(updateId)!;
    expect(line.roundTrips).toBe(postgres ? line.statements! - 1 : line.statements);
  };
  const owner = { ...englishOwner, id: 9301 };

  it('a typed case number: the card, read in the round trip of the claim on Postgres', async () => {
    await h.send(owner, '/help'); // the owner's language and grants are in the bot's cache, as for anyone mid-chat
    const u = await h.send(owner, 'jai1 2026 1');
    expect(h.api.lastTo(owner.id)!.text).toContain('JAI1-2026-1');
    readWithClaim(u.update_id);
  });

  it("a new owner's first message: his record, the claim and the card in one round trip on Postgres", async () => {
    const newcomer = { ...englishOwner, id: 9302, firstName: 'Kamla' };
    const u = await h.send(newcomer, 'JAI1-2026-2');
    expect(h.api.lastTo(newcomer.id)!.text).toContain('JAI1-2026-2');
    const line = handled(u.update_id)!;
    // The claim, the user's record and grants, the card (and the session's write after the card): on Postgres the
    // first three share one round trip.
    expect(line.roundTrips).toBe(postgres ? line.statements! - 2 : line.statements);
    expect(await h.deps.db.telegramUser.count({ where: { id: BigInt(newcomer.id) } })).toBe(1);
  });

  it('the dues button and /mycases: their screens, read in the round trip of the claim on Postgres', async () => {
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    const tap = await h.tap(owner, data(h, 'du', c.id));
    const dues = h.api.sentTo(owner.id).at(-1)!;
    expect(dues.text).toContain('JAI1-2026-1');
    expect(dues.text).toContain('₹');
    const mine = await h.send(owner, '/mycases');
    expect(h.api.lastTo(owner.id)!.text).toBe(t(h, 'en', 'owner:mycases.empty'));
    readWithClaim(tap.update_id);
    readWithClaim(mine.update_id);
  });

  it('a flow waiting for a date takes the typed case number as its answer, as without the read ahead', async () => {
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    await h.tap(owner, data(h, 'wi', c.id));
    expect(h.api.lastTo(owner.id)!.text).toBe(t(h, 'en', 'owner:whatif.prompt'));
    const before = h.api.sentTo(owner.id).length;
    const u = await h.send(owner, 'JAI1-2026-1');
    const answer = h.api.sentTo(owner.id).slice(before);
    expect(answer).toHaveLength(1);
    // Not the card: the what-if flow's answer to something that is not a date.
    expect(answer[0]!.text).not.toContain(t(h, 'en', 'common:status.IMPOUNDED'));
    expect(handled(u.update_id)!.outcome).toBe('ok');
    await h.send(owner, '/cancel');
  });

  it('a replayed update is skipped: one card, not two', async () => {
    const u = await h.send(owner, 'JAI1-2026-2');
    const sent = h.api.sentTo(owner.id).length;
    await h.feed(u);
    expect(h.api.sentTo(owner.id).length).toBe(sent);
  });

  it('a read ahead that fails (a case id no case can have) does not lose the update: it is claimed and answered', async () => {
    const sent = h.api.sentTo(owner.id).length;
    const u = await h.tap(owner, data(h, 'du', 2 ** 40));
    // Answered as the button's own read answers it: a stale button, or the error note if that read failed.
    expect(h.api.calls.length).toBeGreaterThan(0);
    expect(h.api.sentTo(owner.id).length + answersTo(h, u.callback_query!.id)).toBeGreaterThan(sent);
    expect(await h.deps.db.processedUpdate.count({ where: { updateId: BigInt(u.update_id) } })).toBe(1);
  });
});

/** Answers to the callback query `id` (answerCallbackQuery). */
function answersTo(h: { api: { calls: Array<{ method: string; payload: Record<string, unknown> }> } }, id: string) {
  return h.api.calls.filter((c) => c.method === 'answerCallbackQuery' && c.payload.callback_query_id === id).length;
}
