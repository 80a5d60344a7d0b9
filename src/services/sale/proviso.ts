import type { Db } from '../../db';
import { audit } from '../audit';
import { caseStateOf, loadCaseAs, mustAllow, requireText, transition, caseTransaction } from '../case-transition';
import { Refusal } from '../refusal';
import type { StaffActor } from '../staff';
import { planDeadlines } from '../deadlines';

/**
 * s. 14 proviso: cattle the District Magistrate thinks unlikely to fetch a fair price at auction may be
 * disposed of as he thinks fit — only on a recorded PROVISO_DISPOSAL order (his opinion is the order).
 * Without one the disposal is refused citing s. 14. The heads in the pound are marked DISPOSED, a
 * scheduled auction is cancelled, and the case moves to DISPOSED_PROVISO.
 */
export async function disposeUnderProviso(
  db: Db,
  act: StaffActor,
  input: { caseId: number; manner: string; orderId?: number | null },
  now: Date,
) {
  const manner = requireText(input.manner, 500);
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'magistrate', input.caseId);
    const role = who.lawRole;
    const orders = await tx.courtOrder.findMany({
      where: { caseId: c.id, kind: 'PROVISO_DISPOSAL' },
      orderBy: { id: 'desc' },
    });
    const order = input.orderId != null ? orders.find((o) => o.id === input.orderId) : orders[0];
    if (!order) throw new Refusal('PROVISO_ORDER_REQUIRED', 's. 14');
    const allowed = mustAllow(caseStateOf(c), 'DISPOSE_PROVISO', role, now, { notLikelyToFetchFairPrice: true });
    const heads = c.heads.filter((h) => h.status === 'IMPOUNDED');
    await tx.head.updateMany({
      where: { id: { in: heads.map((h) => h.id) }, status: 'IMPOUNDED' },
      data: { status: 'DISPOSED' },
    });
    if (c.auction?.status === 'SCHEDULED')
      await tx.auction.update({ where: { id: c.auction.id }, data: { status: 'CANCELLED' } });
    await transition(tx, c, allowed);
    await audit(tx, who.audit, 'S14_PROVISO_DISPOSAL', c.id, {
      orderId: order.id,
      orderReference: order.reference,
      manner,
      heads: heads.length,
    });
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, heads: heads.length, orderReference: order.reference, manner };
  });
}
