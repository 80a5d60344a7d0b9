import type { CaseState } from '../law';
import { lawCaseState } from './cases';
import type { Tx } from './outbox';

/**
 * Loads a case and gives the statute engine's view of it (src/services/cases.ts `lawCaseState`), with the
 * facts of confirmed payments and deposits that the keeper's actions turn on (ss. 13, 15, 19).
 */
export async function loadCaseLawState(tx: Tx, caseId: number): Promise<CaseState> {
  const c = await tx.case.findUniqueOrThrow({
    where: { id: caseId },
    include: {
      heads: { select: { status: true } },
      payments: { where: { status: 'CONFIRMED' }, select: { kind: true } },
      auction: { select: { status: true, scheduledFor: true } },
    },
  });
  return lawCaseState(c, undefined, {
    paymentReceived: c.payments.some((p) => p.kind === 'S13_PAYMENT'),
    depositReceived: c.payments.some((p) => p.kind === 'S15_DEPOSIT'),
  });
}
