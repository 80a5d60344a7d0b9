import type { CaseState, CaseStatus as LawCaseStatus } from '../law';
import type { Tx } from './outbox';

/** The case facts the statute engine's state machine needs, read from the register. */
export async function loadCaseLawState(tx: Tx, caseId: number): Promise<CaseState> {
  const c = await tx.case.findUniqueOrThrow({
    where: { id: caseId },
    include: {
      heads: { select: { status: true } },
      payments: { where: { status: 'CONFIRMED' }, select: { kind: true } },
      auction: { select: { status: true, scheduledFor: true } },
    },
  });
  const remaining = c.heads.filter((h) => h.status === 'IMPOUNDED').length;
  return {
    status: c.status as LawCaseStatus,
    impoundedAt: c.impoundedAt,
    heads: c.heads.length,
    headsRemaining: remaining,
    paymentReceived: c.payments.some((p) => p.kind === 'S13_PAYMENT'),
    depositReceived: c.payments.some((p) => p.kind === 'S15_DEPOSIT'),
    reportedAt: c.reportedAt,
    noticePostedAt: c.noticePostedAt,
    ownerRefusedAt: c.ownerRefusedAt,
    surplusDepositedAt: c.surplusDepositedAt,
    auctionAt: c.auction?.status === 'SCHEDULED' ? c.auction.scheduledFor : null,
  };
}
