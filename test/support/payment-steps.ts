import type { BotHarness, TestUser } from './bot-harness';
import { flushOutbox } from './outbox';
import { recordClaim } from '../../src/services/claims';
import { declarePayment } from '../../src/services/payments';

/**
 * An owner claims a case and declares payment (s. 13) or deposit (s. 15) through the owner services, then
 * the outbox is delivered so the keepers' payment cards exist. Returns the payment and each keeper's card id.
 */
export async function declareAndDeliver(
  h: BotHarness,
  input: {
    caseId: number;
    owner: TestUser;
    kind?: 'S13_CLAIM' | 'S15_PROTEST';
    method?: 'CASH' | 'UPI';
    upiRef?: string | null;
  },
) {
  const { db } = h.deps;
  await db.telegramUser.upsert({
    where: { id: BigInt(input.owner.id) },
    create: {
      id: BigInt(input.owner.id),
      firstName: input.owner.firstName,
      languageCode: input.owner.languageCode ?? null,
    },
    update: {},
  });
  const claim = await recordClaim(db, {
    caseId: input.caseId,
    kind: input.kind ?? 'S13_CLAIM',
    telegramUserId: BigInt(input.owner.id),
    claimantName: input.owner.firstName,
    isAgent: false,
    ownerName: input.owner.firstName,
    intendsComplaint: input.kind === 'S15_PROTEST',
  });
  const declared = await declarePayment(
    { db, config: h.deps.config },
    {},
    {
      claimId: claim.id,
      telegramUserId: BigInt(input.owner.id),
      method: input.method ?? 'UPI',
      amountPaise: null,
      upiRef: input.upiRef === undefined ? '412345678901' : input.upiRef,
      now: h.clock.now(),
    },
  );
  if (declared.kind !== 'declared') throw new Error(`declaration failed: ${JSON.stringify(declared)}`);
  // With the jobs runtime the cards go through the real dispatcher, queues and sender.
  if (h.jobs) await h.drain();
  else await flushOutbox(h.deps, h.bot.api);
  const cards = await db.paymentCard.findMany({ where: { paymentId: declared.paymentId } });
  const cardOf = (u: TestUser) => cards.find((c) => c.chatId === BigInt(u.id))!.messageId;
  return { paymentId: declared.paymentId, duesPaise: declared.duesPaise, cardOf };
}

/** The case of the demo seed in `poundCode` seized at `place`. */
export function demoCase(h: BotHarness, poundCode: string, place: string) {
  return h.deps.db.case.findFirstOrThrow({
    where: { pound: { code: poundCode }, placeOfSeizure: place },
    include: { heads: true, pound: true },
  });
}
