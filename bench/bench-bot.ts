import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db';
import { seedDemo } from '../src/db/seed';
import type { UserFromGetMe } from 'grammy/types';

/** The benches' bot: a token of the right shape (never sent anywhere) and the answer getMe would give. */
export const BENCH_TOKEN = '123456:BENCH-TOKEN-BENCH-TOKEN-BENCH-TOKEN';
export const BENCH_BOT_INFO = {
  id: 7000000001,
  is_bot: true as const,
  first_name: 'Kanji Sahayak',
  username: 'KanjiBenchBot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
} satisfies UserFromGetMe;

/**
 * A Bot API that answers every call at once with a sent message (the benches measure the bot, not Telegram);
 * `onCall` counts the calls where a bench reports them.
 */
export function answeringFetch(onCall: () => void = () => {}): () => Promise<Response> {
  return async () => {
    onCall();
    return new Response(
      JSON.stringify({ ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: '' } }),
      { headers: { 'content-type': 'application/json' } },
    );
  };
}

/**
 * `count` pound-keepers of JAI1 with Telegram ids from `firstId`, enrolled as the admin's single-use codes enrol them
 * (a used code, a staff row with its pound); a keeper's Telegram user is made when missing. The pound.
 */
export async function enrolBenchKeepers(prisma: Db, firstId: number, count: number, now: Date) {
  const jai1 = await prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
  for (let k = 0; k < count; k++) {
    const id = BigInt(firstId + k);
    await prisma.telegramUser.upsert({
      where: { id },
      create: { id, firstName: 'K', languageCode: 'hi' },
      update: {},
    });
    const code = await prisma.enrolmentCode.create({
      data: {
        codeHash: `bench-${randomUUID()}`,
        role: 'POUND_KEEPER',
        poundCodes: ['JAI1'],
        name: 'Keeper',
        expiresAt: new Date(now.getTime() + 86_400_000),
        usedAt: now,
      },
    });
    await prisma.staffMember.create({
      data: {
        telegramUserId: id,
        role: 'POUND_KEEPER',
        name: 'Keeper',
        enrolmentCodeId: code.id,
        pounds: { create: [{ poundId: jai1.id }] },
      },
    });
  }
  return jai1;
}

/**
 * The benches' district: the demo seed, `owners` owners (Telegram ids from 1,000,000) each following one of its cases,
 * and `keepers` keepers of JAI1 from `firstKeeper`. Its cases, in id order, and the pound JAI1.
 */
export async function benchDistrict(prisma: Db, now: Date, owners: number, firstKeeper: number, keepers: number) {
  const { cases } = await seedDemo(prisma, now);
  const caseRows = await prisma.case.findMany({ where: { number: { in: cases } }, orderBy: { id: 'asc' } });
  await prisma.telegramUser.createMany({
    data: Array.from({ length: owners }, (_, k) => ({ id: BigInt(1_000_000 + k), firstName: 'O', languageCode: 'hi' })),
  });
  await prisma.subscription.createMany({
    data: Array.from({ length: owners }, (_, k) => ({
      telegramUserId: BigInt(1_000_000 + k),
      kind: 'CASE' as const,
      caseId: caseRows[k % caseRows.length]!.id,
    })),
  });
  const jai1 = await enrolBenchKeepers(prisma, firstKeeper, keepers, now);
  return { caseRows, jai1 };
}
