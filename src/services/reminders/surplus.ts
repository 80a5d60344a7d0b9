import { poundParams } from '../../i18n';
import { windowsFromConfig } from '../dues';
import { caseTimeline } from '../next-deadline';
import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder, ReminderContext } from './context';
import { ownerChats, staffChats } from './recipients';
import { paiseOf } from '../../db';

/** The surplus the District Magistrate holds for the case (s. 17), from the confirmed remittance or the ledger. */
async function surplusPaise(db: ReminderContext['db'], caseId: number): Promise<number> {
  const r = await db.remittance.findUnique({ where: { caseId_kind: { caseId, kind: 'SURPLUS_TO_MAGISTRATE' } } });
  if (r) return paiseOf(r.amountPaise);
  const sum = await db.ledgerEntry.aggregate({
    where: { caseId, account: 'MAGISTRATE_DEPOSIT' },
    _sum: { amountPaise: true },
  });
  return paiseOf(sum._sum.amountPaise ?? 0);
}

async function heldCase(ctx: ReminderContext, caseId: number) {
  const c = await ctx.db.case.findUnique({ where: { id: caseId }, include: { pound: true } });
  if (c?.status !== 'SURPLUS_HELD' || !c.surplusDepositedAt) return null;
  const tl = caseTimeline(c, windowsFromConfig(ctx.config));
  if (!tl.ok || !tl.value.surplusHoldEnd) return null;
  return { c, end: tl.value.surplusHoldEnd };
}

/**
 * s. 17, before the three months end: the owner (if known) may still prefer and establish a claim to the
 * surplus held by the District Magistrate. Nothing once claimed or lapsed.
 */
export const surplusOwnerMessages: ReminderBuilder = async (ctx, caseId, now) => {
  const held = await heldCase(ctx, caseId);
  if (!held || now.getTime() >= held.end.dueAt.getTime()) return [];
  const { c, end } = held;
  // The heads whose sale left the money: one reads singular; with none recorded sold, the plain (plural) text.
  const sold = await ctx.db.head.count({ where: { caseId, status: 'SOLD' } });
  const params = {
    number: c.number,
    amount: await surplusPaise(ctx.db, caseId),
    lastDay: end.date,
    ...(sold > 0 ? { count: sold } : {}),
    ...poundParams(c.pound),
  };
  return (await ownerChats(ctx.db, caseId)).map(
    (chatId): OutgoingMessage => ({ chatId, key: 'jobs:surplus.to_owner', params, priority: 'personal' }),
  );
};

/**
 * s. 17, the three months are over and no claim was established: the District Magistrate's office is told
 * the surplus is now Government revenue, to record it. Nothing if a claim was recorded meanwhile.
 */
export const surplusLapsedMessages: ReminderBuilder = async (ctx, caseId, now) => {
  const held = await heldCase(ctx, caseId);
  if (!held || now.getTime() < held.end.dueAt.getTime()) return [];
  const { c, end } = held;
  const params = {
    number: c.number,
    amount: await surplusPaise(ctx.db, caseId),
    lastDay: end.date,
    depositedAt: c.surplusDepositedAt!.toISOString(),
    ...poundParams(c.pound),
  };
  return (await staffChats(ctx.db, c.poundId, ['MAGISTRATE'])).map(
    (chatId): OutgoingMessage => ({
      chatId,
      key: 'jobs:surplus.lapsed_to_magistrate',
      params,
      priority: 'official',
      deskEntry: caseId,
    }),
  );
};
