// Keepers confirming payments for the update bench (bench/updates.ts): a pool of register entries, each with an
// owner's claim and a declared s. 13 payment or s. 15 deposit and the keeper's payment card, made through the owner
// services before the clock starts; each confirmation update is the keeper's "ok" replying to one card, as in a chat.
import { randomUUID } from 'node:crypto';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { createJobRuntime, type JobRuntime } from '../jobs/runtime';
import { createRedis } from '../jobs/redis';
import type { CoreDeps } from '../src/deps';
import type { Db } from '../src/db';
import { toIstDate } from '../src/law';
import { recordClaim } from '../src/services/claims';
import { villageKey } from '../src/services/case-numbers';
import { declarePayment } from '../src/services/payments';

/** One payment waiting for the keeper: the card he replies to, and the owner who gets the receipt. */
export interface PendingConfirmation {
  paymentId: number;
  kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
  keeper: number;
  cardMessageId: number;
  owner: number;
}

/** Pending payments of each kind, drawn one per confirmation update; throws when one runs out (raise the pool). */
export interface ConfirmationPool {
  next(kind: 'S13_PAYMENT' | 'S15_DEPOSIT'): PendingConfirmation;
  left(kind: 'S13_PAYMENT' | 'S15_DEPOSIT'): number;
  /** The owner a payment's receipt goes to, by payment id (the delivery timing reads it). */
  ownerOf(paymentId: number): number | undefined;
}

const CARD_MESSAGE_BASE = 500_000_000;

/**
 * Registers `perKind` entries for each kind at `pound` (one cow each, seized two days ago), and has owner k claim and
 * declare for each (s. 13 payment or s. 15 deposit under protest, through the services, so every dues snapshot and
 * keeper's card is what the bot writes); the card of keeper `keeperOf(k)` is recorded as delivered.
 */
export async function makeConfirmationPool(
  db: Db,
  config: CoreDeps['config'],
  input: {
    pound: { id: number; code: string };
    perKind: number;
    now: Date;
    ownerOf: (k: number) => number;
    keeperOf: (k: number) => number;
    concurrency?: number;
  },
): Promise<ConfirmationPool> {
  const { pound, now } = input;
  const total = input.perKind * 2;
  const impoundedAt = new Date(now.getTime() - 2 * 86_400_000);
  const year = Number(toIstDate(impoundedAt).slice(0, 4));
  const counter = await db.caseCounter.upsert({
    where: { poundId_year: { poundId: pound.id, year } },
    create: { poundId: pound.id, year, next: total + 1 },
    update: { next: { increment: total } },
  });
  const first = counter.next - total;
  const cases = await db.case.createManyAndReturn({
    data: Array.from({ length: total }, (_, k) => ({
      number: `${pound.code}-${year}-${first + k}`,
      poundId: pound.id,
      year,
      seq: first + k,
      impoundedAt,
      placeOfSeizure: 'Kunda',
      villageKey: villageKey('Kunda'),
      searchKeys: ['kunda'],
      seizerName: 'Bench Seizer',
      seizerResidence: 'Kunda',
      registeredAt: impoundedAt,
    })),
    select: { id: true },
  });
  await db.head.createMany({
    data: cases.map((c) => ({ caseId: c.id, index: 1, cattleClass: 'cow', description: 'brown cow' })),
  });
  const pending: Record<'S13_PAYMENT' | 'S15_DEPOSIT', PendingConfirmation[]> = { S13_PAYMENT: [], S15_DEPOSIT: [] };
  const owners = new Map<number, number>();
  let i = 0;
  await Promise.all(
    Array.from({ length: input.concurrency ?? 4 }, async () => {
      while (i < cases.length) {
        const k = i++;
        const kind = k % 2 === 0 ? 'S13_PAYMENT' : 'S15_DEPOSIT';
        const owner = input.ownerOf(k);
        const claim = await recordClaim(db, {
          caseId: cases[k]!.id,
          kind: kind === 'S13_PAYMENT' ? 'S13_CLAIM' : 'S15_PROTEST',
          telegramUserId: BigInt(owner),
          claimantName: 'Owner',
          isAgent: false,
          ownerName: 'Owner',
          intendsComplaint: kind === 'S15_DEPOSIT',
        });
        const declare = () =>
          declarePayment(
            { db, config },
            {},
            { claimId: claim.id, telegramUserId: BigInt(owner), method: 'CASH', amountPaise: null, upiRef: null, now },
          );
        // A busy shared machine can run a declaration past Prisma's 5 s transaction timeout: nothing was kept, again.
        const d = await declare().catch(() => declare());
        if (d.kind !== 'declared') throw new Error(`bench declaration ${k}: ${d.kind}`);
        const keeper = input.keeperOf(k);
        const cardMessageId = CARD_MESSAGE_BASE + k;
        await db.paymentCard.create({
          data: { paymentId: d.paymentId, chatId: BigInt(keeper), messageId: cardMessageId },
        });
        pending[kind].push({ paymentId: d.paymentId, kind, keeper, cardMessageId, owner });
        owners.set(d.paymentId, owner);
      }
    }),
  );
  // The cards the declarations queued would have gone out long ago: the bench's jobs send only what the keepers do.
  await db.outboxEntry.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: now } });
  return {
    next(kind) {
      const p = pending[kind].shift();
      if (!p) throw new Error(`bench: no pending ${kind} left (raise the pool)`);
      return p;
    },
    left: (kind) => pending[kind].length,
    ownerOf: (paymentId) => owners.get(paymentId),
  };
}

/** The keeper's "ok" in reply to his payment card. */
export function keeperOk(p: PendingConfirmation, updateId: number, cardText = 'Payment card'): Update {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 0,
      // The name and language the keeper's other updates carry (bench/updates.ts): his cached grants serve.
      chat: { id: p.keeper, type: 'private', first_name: 'O' },
      from: { id: p.keeper, is_bot: false, first_name: 'O', language_code: 'hi' },
      text: 'ok',
      reply_to_message: {
        message_id: p.cardMessageId,
        date: 0,
        chat: { id: p.keeper, type: 'private', first_name: 'O' },
        from: { id: 7000000001, is_bot: true, first_name: 'Kanji Sahayak' },
        text: cardText,
      },
    },
  } as Update;
}

/**
 * The jobs runtime as `npm start` runs it beside the bot (dispatcher polling every second, workers, the rate-limited
 * sender at Telegram's limits), on its own Redis prefix, sending to a Bot API that answers at once and notes when each PDF
 * left, for whom. `stop()` also deletes the prefix's keys.
 */
export async function startDeliveryTiming(
  deps: CoreDeps,
  token: string,
  fetchImpl: typeof fetch,
): Promise<{ documentsSent: Array<{ chat: number; at: number }>; runtime: JobRuntime; stop(): Promise<void> }> {
  const documentsSent: Array<{ chat: number; at: number }> = [];
  const api = new Api(token, { fetch: fetchImpl as never });
  api.config.use((prev, method, payload, signal) => {
    const p = payload as { chat_id?: number | string };
    if (method === 'sendDocument' && p.chat_id !== undefined)
      documentsSent.push({ chat: Number(p.chat_id), at: performance.now() });
    return prev(method, payload, signal);
  });
  const prefix = `benchconfirm${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
  const runtime = createJobRuntime({ deps, api, redisUrl: deps.config.REDIS_URL, prefix });
  await runtime.start();
  return {
    documentsSent,
    runtime,
    async stop() {
      await runtime.stop();
      const redis = createRedis(deps.config.REDIS_URL);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
