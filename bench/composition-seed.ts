// The composition bench's district (bench/composition.ts): the demo seed, 500 owners following its cases, 20 keepers
// of JAI1, payments waiting for the keepers' "ok" — written before the app starts, then the realistic updates of
// bench/updates.ts over them: a typed case number, the dues button, /mycases, a keeper's /case, a keeper's "ok".
import type { Update } from 'grammy/types';
import { callbackSecret, encodeCallback } from '../src/callback-data';
import { systemClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { BENCH_TOKEN, benchDistrict } from './bench-bot';
import { keeperOk, makeConfirmationPool } from './confirmations';
import { tap, text } from './updates';

const OWNERS = 500;
const KEEPER = 9_100_000_001;
const KEEPERS = 20;
type ReadKind = 'lookup' | 'dues' | 'mycases' | 'keeper';
const READS: ReadKind[] = ['lookup', 'dues', 'mycases', 'keeper'];

/** Migrates and seeds the database at `url`; `confirmations` payments of each kind wait for a keeper. */
export async function seedDistrict(url: string, confirmations: number) {
  const opened = await openDatabase({ kind: 'postgres', url });
  try {
    await applyMigrations(opened.adapter);
    const prisma = opened.prisma;
    const now = systemClock.now();
    const { caseRows, jai1 } = await benchDistrict(prisma, now, OWNERS, KEEPER, KEEPERS);
    const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: BENCH_TOKEN });
    const pool = await makeConfirmationPool(prisma, config, {
      pound: jai1,
      perKind: confirmations,
      now,
      ownerOf: (k) => 1_000_000 + (k % OWNERS),
      keeperOf: (k) => KEEPER + (k % KEEPERS),
      concurrency: 8,
    });
    // The keepers' cards and the owners' messages of those declarations went out long ago: left in the outbox, the
    // app's start-up reconcile would owe them again (thousands of messages) ahead of the receipts measured here.
    await prisma.outboxEntry.deleteMany({ where: { jobName: 'send' } });
    return updateMaker(
      caseRows.map((c) => ({ id: c.id, number: c.number })),
      pool,
    );
  } finally {
    await opened.close();
  }
}

function updateMaker(
  caseRows: Array<{ id: number; number: string }>,
  pool: Awaited<ReturnType<typeof makeConfirmationPool>>,
) {
  const secret = callbackSecret({ BOT_TOKEN: BENCH_TOKEN });
  let nextId = 1_500_000_000 + Math.floor(Math.random() * 1e8);
  let owner = 0;
  /** Confirmation updates by id: the owner whose receipt each one owes. */
  const confirmations = new Map<number, number>();
  /** Ids of keepers' updates (their /case, their "ok"). */
  const keepers = new Set<number>();
  const read = (kind: ReadKind): Update => {
    const user = 1_000_000 + (owner++ % OWNERS);
    const c = caseRows[owner % caseRows.length]!;
    if (kind === 'lookup') return text(user, c.number);
    if (kind === 'dues') return tap(user, encodeCallback(secret, 'du', c.id));
    if (kind === 'mycases') return text(user, '/mycases');
    const u = text(KEEPER + (owner % KEEPERS), `/case ${c.number}`);
    keepers.add(u.update_id);
    return u;
  };
  const confirm = (k: number): Update => {
    const p = pool.next(k % 2 === 0 ? 'S13_PAYMENT' : 'S15_DEPOSIT');
    const u = keeperOk(p, nextId++);
    confirmations.set(u.update_id, p.owner);
    keepers.add(u.update_id);
    return u;
  };
  return {
    confirmations,
    keepers,
    /** The reads in turn: lookup, dues button, /mycases, keeper /case. */
    reads: (m: number) => Array.from({ length: m }, (_, k) => read(READS[k % READS.length]!)),
    /** One update in ten a keeper's "ok" (s. 13 payment and s. 15 deposit alternately), the rest the reads. */
    confirmMix: (m: number) =>
      Array.from({ length: m }, (_, k) =>
        k % 10 === 9 ? confirm(Math.floor(k / 10)) : read(READS[(k - Math.floor(k / 10)) % READS.length]!),
      ),
    /** Every owner and keeper seen once (the bot's user cache warm, as in a working day). */
    warmUp: () => [
      ...Array.from({ length: OWNERS }, () => read('lookup')),
      ...Array.from({ length: KEEPERS }, (_, k) => text(KEEPER + k, '/help')),
    ],
    /** The baseline's updates: an owner's typed case number. */
    lookups: (m: number) =>
      Array.from({ length: m }, (_, k) => text(1_000_000 + (k % OWNERS), caseRows[k % caseRows.length]!.number)),
  };
}
