import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { USER_CACHE_TTL_MS } from '../../bot/middleware/user';
import { dispatchAdmin } from '../../src/admin/run';
import type { AdminDeps } from '../../src/admin/args';
import { botSuite, type BotHarness, type TestUser } from '../support/bot-harness';
import { caseFixture } from '../support/case-builder';
import { dbKinds, postgresOnly } from '../support/db';
import { flushOutbox } from '../support/outbox';
import { declareAndDeliver } from '../support/paid-case';
import { buttonData, inLanguage } from '../support/press';

// A pound-keeper dismissed by an administrator (`npm run admin -- revoke`) must not confirm money, release cattle or
// register anything from the moment the revocation commits — although the bot serving him still holds his grants in
// its user cache (bot/middleware/user.ts, USER_CACHE_TTL_MS): every such action reads the grants again inside its own
// transaction. His reply "ok" to a payment card, his tap on the card's button and his /release are refused, and
// nothing is recorded: no confirmation, receipt, ledger line, release or message queued.

const ROOT = path.resolve(import.meta.dirname, '../..');
const keeper: TestUser = { id: 4401, firstName: 'Mohan', languageCode: 'en' };
const owner: TestUser = { id: 4499, firstName: 'Ramesh Kumar', languageCode: 'hi' };

/** Everything a confirmation or a release would have written. */
async function recorded(h: BotHarness) {
  const db = h.deps.db;
  return {
    confirmed: await db.payment.count({ where: { status: 'CONFIRMED' } }),
    receipts: await db.receipt.count(),
    ledger: await db.ledgerEntry.count(),
    releases: await db.release.count(),
    released: await db.head.count({ where: { status: 'RELEASED' } }),
    outbox: await db.outboxEntry.count(),
    audit: await db.auditEvent.count({ where: { action: { not: 'staff.revoke' } } }),
  };
}

/**
 * Two cases of pound JAI1, one paid and confirmed by the keeper (ready for /release), one with a payment awaiting
 * his word (its card in his chat); the keeper's grants are in the bot's cache (his last update was just now).
 */
async function paidAndPending(h: BotHarness) {
  const heads: Array<[string, string]> = [['cow', 'brown Rathi cow']];
  const paid = await caseFixture(h.deps.db, { pound: 'JAI1', impoundedAt: '2026-11-28T09:00:00+05:30', heads }).build();
  const first = await declareAndDeliver(h, { caseId: paid.id, owner });
  await h.reply(keeper, first.cardOf(keeper), 'ok');
  expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: first.paymentId } })).status).toBe('CONFIRMED');
  await flushOutbox(h.deps, h.bot.api);
  const pending = await caseFixture(h.deps.db, {
    pound: 'JAI1',
    impoundedAt: '2026-11-28T09:30:00+05:30',
    heads,
  }).build();
  const second = await declareAndDeliver(h, { caseId: pending.id, owner });
  // The card's own button, as the keeper sees it.
  const button = buttonData(h, keeper, inLanguage(h, 'en')('card:payment.confirm'));
  return { paid, pending, paymentId: second.paymentId, card: second.cardOf(keeper), button };
}

/** The keeper's reply, tap and command after the revocation: each refused, nothing recorded. */
async function expectRefusedAndNothingRecorded(h: BotHarness, cases: Awaited<ReturnType<typeof paidAndPending>>) {
  const notAllowed = inLanguage(h, 'en')('common:error.not_allowed');
  const before = await recorded(h);
  await h.reply(keeper, cases.card, 'ok');
  expect(h.api.lastTo(keeper.id)!.text).toBe(notAllowed);
  await h.tap(keeper, cases.button.data, cases.button.messageId);
  expect(h.api.lastTo(keeper.id)!.text).toBe(notAllowed);
  // The bot still shows him the keeper's command from its cache (on fresh grants he would be told that release
  // is the keeper's, staff:release.keeper_only); the release itself is refused.
  await h.send(keeper, `/release ${cases.paid.number}`);
  expect(h.api.lastTo(keeper.id)!.text).toBe(notAllowed);
  expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: cases.paymentId } })).status).toBe('PENDING');
  expect(await recorded(h)).toEqual(before);
}

function adminDeps(h: BotHarness, out: string[]): AdminDeps {
  return {
    ...h.deps,
    t: h.deps.translator.forLang('en'),
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    botUsername: h.deps.botUsername,
  };
}

for (const kind of await dbKinds()) {
  describe(`a revoked keeper is refused at once, though the bot has his grants cached (${kind})`, () => {
    const h = botSuite({
      dbKind: kind,
      userCacheTtlMs: USER_CACHE_TTL_MS,
      seededAt: 'now',
      staff: [[keeper, 'POUND_KEEPER', ['JAI1'], 'Mohan Lal']],
    });

    it('revoked with the admin command: his reply, tap and /release record nothing', async () => {
      const cases = await paidAndPending(h);
      const out: string[] = [];
      expect(await dispatchAdmin(adminDeps(h, out), ['revoke', '--user', String(keeper.id)])).toBe(0);
      expect(out).toEqual([h.deps.translator.t('en', 'staff:admin.revoke.done', { user: String(keeper.id), n: 1 })]);
      await expectRefusedAndNothingRecorded(h, cases);
    });
  });
}

describe.runIf(await postgresOnly())('a revocation made by another process (Postgres)', () => {
  const h = botSuite({
    dbKind: 'postgres',
    userCacheTtlMs: USER_CACHE_TTL_MS,
    seededAt: 'now',
    staff: [[keeper, 'POUND_KEEPER', ['JAI1'], 'Mohan Lal']],
  });

  it('`npm run admin -- revoke` in its own process; the tap served by this bot, grants cached, records nothing', async () => {
    const cases = await paidAndPending(h);
    const target = h.db.target;
    if (target.kind !== 'postgres') throw new Error('expected Postgres');
    // The admin CLI's own entry (src/admin.ts), as `npm run admin` starts it, on the same database.
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src/admin.ts'), 'revoke', '--user', String(keeper.id)],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: target.url, LOG_LEVEL: 'silent' },
      },
    );
    expect(run.stdout.trim()).toBe(
      h.deps.translator.t('en', 'staff:admin.revoke.done', { user: String(keeper.id), n: 1 }),
    );
    await expectRefusedAndNothingRecorded(h, cases);
  }, 60_000);
});
