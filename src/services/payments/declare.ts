import type { Config } from '../../config';
import type { Db, Prisma } from '../../db';
import { checkTransition, type LawError, type ClaimScope, type StatutoryWindows } from '../../law';
import { basisOf, checkPartClaimOf } from '../part-claim';
import { audit } from '../audit';
import { caseStateOf, caseTransaction, touchCase, transition } from '../case-transition';
import { Refusal } from '../refusal';
import { actionOf, ownerRefusalOf } from '../claims';
import { planDeadlines } from '../deadlines';
import { duesForCase } from '../dues';
import { queueMessage, type Tx } from '../outbox';
import { paiseOf } from '../../db';

/**
 * "I have paid" (s. 13) and "I have deposited" (s. 15): the owner's declaration becomes a PENDING Payment,
 * the case moves to PAYMENT_PENDING / DEPOSIT_PENDING through src/law's state machine, and every active
 * pound-keeper of the case's pound gets a payment card to confirm by replying (the staff flows handle the
 * reply). All in one transaction; a second tap finds the pending payment and adds nothing.
 */

/** How the owner paid. */
export type PaymentMethod = 'CASH' | 'UPI';

/** The owner's declaration. */
export interface Declaration {
  claimId: number;
  telegramUserId: bigint;
  method: PaymentMethod;
  /** Declared amount in paise; null = exactly the dues at this moment. */
  amountPaise: number | null;
  upiRef: string | null;
  now: Date;
  /** The Telegram message the declaration came from (audit). */
  chatId?: number | bigint | null;
  messageId?: number | null;
}

/**
 * What a declaration led to: recorded, or one already pending (the owner's or another's). Refused (a Refusal):
 * NOT_YOUR_CLAIM; the engine's refusal (ownerRefusalOf: wrong status, s. 20 window closed, a part claim not
 * allowed …); PAYMENT_SHORT below the dues (s. 13 / s. 15 require the whole sum); PAYMENT_OVER above them (s. 13 has
 * the owner pay "the fines and expenses" and s. 15 deposit "the amount of the fines and expenses" — exactly the dues:
 * the keeper may not keep more, so an excess is never recorded); DUES_UNAVAILABLE when the dues cannot be computed
 * (a rate missing for the date …). Nothing is recorded on a refusal.
 */
export type DeclareResult =
  | {
      kind: 'declared';
      paymentId: number;
      amountPaise: number;
      duesPaise: number;
      keepers: number;
      caseNumber: string;
      /** A s. 15 deposit under protest, not a s. 13 payment. */
      deposit: boolean;
    }
  | { kind: 'already'; paymentId: number; amountPaise: number; mine: boolean; caseNumber: string };

/** Active pound-keepers of a pound, one per Telegram user. */
export async function keepersOf(tx: Tx, poundId: number): Promise<Array<{ telegramUserId: bigint; staffId: number }>> {
  const rows = await tx.staffMember.findMany({
    where: { role: 'POUND_KEEPER', revokedAt: null, pounds: { some: { poundId } } },
    orderBy: { id: 'asc' },
  });
  const seen = new Set<bigint>();
  return rows
    .filter((r) => (seen.has(r.telegramUserId) ? false : (seen.add(r.telegramUserId), true)))
    .map((r) => ({ telegramUserId: r.telegramUserId, staffId: r.id }));
}

/** The payment awaiting confirmation on a case for this kind, if any. */
export function pendingPayment(tx: Tx, caseId: number, kind: 'S13_PAYMENT' | 'S15_DEPOSIT') {
  return tx.payment.findFirst({ where: { caseId, kind, status: 'PENDING', part: false }, orderBy: { id: 'desc' } });
}

/** "1. black, white star; 3. brown": the heads of a part claim by register number, for a keeper's card. */
function headList(
  heads: ReadonlyArray<{ id: number; index: number; description: string }>,
  ids: readonly number[],
): string {
  const chosen = new Set(ids);
  return [...heads]
    .sort((a, b) => a.index - b.index)
    .filter((h) => chosen.has(h.id))
    .map((h) => `${h.index}. ${h.description}`)
    .join('; ');
}

/** Part or whole (src/law `checkPartClaim`); the engine's refusal is thrown. */
function judgeScope(
  c: Parameters<typeof checkPartClaimOf>[0],
  kind: 'S13_PAYMENT' | 'S15_DEPOSIT',
  headIds: number[],
  now: Date,
  windows: Partial<StatutoryWindows>,
  number: string,
): ClaimScope {
  const r = checkPartClaimOf(c, basisOf(kind), headIds, now, windows);
  if (!r.ok) throw ownerRefusalOf(r.error, number);
  return r.value;
}

/** The dues of case `number` could not be worked out on `now` (the engine's error code; s. 12 unless it names one). */
export function duesUnavailable(error: LawError, number: string, now: Date): Refusal {
  return new Refusal('DUES_UNAVAILABLE', error.section ?? 's. 12', {
    code: error.code,
    number,
    date: now.toISOString(),
  });
}

/**
 * An amount that is not the dues: PAYMENT_SHORT below them, PAYMENT_OVER above (s. 13 payment, s. 15 deposit).
 * `heads`: the animals the dues are for, so that one reads singular to the owner ("before the animal can be handed
 * over").
 */
export function amountRefused(givenPaise: number, duePaise: number, deposit: boolean, heads?: number): Refusal {
  return new Refusal(givenPaise < duePaise ? 'PAYMENT_SHORT' : 'PAYMENT_OVER', deposit ? 's. 15' : 's. 13', {
    given: givenPaise,
    due: duePaise,
    difference: Math.abs(duePaise - givenPaise),
    ...(heads ? { count: heads } : {}),
  });
}

/**
 * Records the owner's declaration and queues the keepers' payment cards (contract in
 * docs/JOBS.md: key card:payment.text, buttons pc ok/no, track payment_card, official priority).
 */
export async function declarePayment(
  deps: { db: Db; config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'> },
  windows: Partial<StatutoryWindows>,
  d: Declaration,
): Promise<DeclareResult> {
  const attempt = () =>
    caseTransaction(deps.db, async (tx): Promise<DeclareResult> => {
      const claim = await tx.claim.findFirst({
        where: { id: d.claimId, telegramUserId: d.telegramUserId },
        include: { case: { include: { heads: true, auction: true } }, heads: true },
      });
      if (!claim) throw new Refusal('NOT_YOUR_CLAIM');
      const c = claim.case;
      const paymentKind = claim.kind === 'S15_PROTEST' ? 'S15_DEPOSIT' : 'S13_PAYMENT';
      // The heads the owner says are his; none named: every head still in the pound.
      const headIds = claim.heads.map((h) => h.headId);
      const part = judgeScope(c, paymentKind, headIds, d.now, windows, c.number) === 'part';
      const existing = part
        ? await tx.payment.findFirst({ where: { claimId: claim.id, status: 'PENDING' } })
        : await pendingPayment(tx, c.id, paymentKind);
      if (existing)
        return {
          kind: 'already',
          paymentId: existing.id,
          amountPaise: paiseOf(existing.amountPaise),
          mine: existing.payerTelegramId === d.telegramUserId,
          caseNumber: c.number,
        };
      if (claim.kind !== 'S13_CLAIM' && claim.kind !== 'S15_PROTEST') throw new Refusal('NOT_YOUR_CLAIM');
      const allowed = part ? null : checkTransition(caseStateOf(c, windows), actionOf(claim.kind), 'owner', d.now);
      if (allowed && !allowed.ok) throw ownerRefusalOf(allowed.error, c.number);
      const dues = await duesForCase(tx, c.id, d.now, {
        mode: claim.kind === 'S15_PROTEST' ? 'deposit' : 'claim',
        s12aDeclaration: claim.s12aDeclaration,
        ...(part ? { headIds } : {}),
      });
      if (!dues.ok) throw duesUnavailable(dues.error, c.number, d.now);
      const duesPaise = dues.value.breakdown.totals.totalPaise;
      const amountPaise = d.amountPaise ?? duesPaise;
      if (amountPaise !== duesPaise)
        throw amountRefused(amountPaise, duesPaise, paymentKind === 'S15_DEPOSIT', dues.value.breakdown.heads);

      // Guarded by the case version: a concurrent declaration (or a keeper's action) makes this a CONFLICT. A part
      // claim leaves the case's status alone (its heads are settled on their own when the keeper confirms).
      if (allowed) await transition(tx, c, allowed.value);
      // A part declaration still takes the case's version: two declarations at once serialise (one retried below).
      else await touchCase(tx, c);
      // A claim for every head names them, so a head delivered meanwhile on another owner's part claim is caught at
      // confirmation instead of being paid for twice.
      if (headIds.length === 0)
        await tx.claimHead.createMany({
          data: c.heads.filter((h) => h.status === 'IMPOUNDED').map((h) => ({ claimId: claim.id, headId: h.id })),
          skipDuplicates: true,
        });
      const payment = await tx.payment.create({
        data: {
          caseId: c.id,
          claimId: claim.id,
          part,
          kind: paymentKind,
          method: d.method,
          amountPaise,
          duesSnapshot: JSON.parse(JSON.stringify(dues.value.breakdown)) as Prisma.InputJsonValue,
          upiRef: d.upiRef,
          payerTelegramId: d.telegramUserId,
          declaredAt: d.now,
        },
      });
      const keepers = await keepersOf(tx, c.poundId);
      for (const k of keepers) {
        await queueMessage(
          tx,
          {
            chatId: String(k.telegramUserId),
            // A part claim's card names the heads it is for (register number and description) and their dues only.
            key: part ? 'card:payment.text_part' : 'card:payment.text',
            params: {
              number: c.number,
              kind: paymentKind,
              payer: claim.claimantName,
              ownerName: claim.ownerName,
              amount: amountPaise,
              method: d.method,
              upiRef: d.upiRef ?? '',
              declaredAt: d.now.toISOString(),
              // Beyond the contract's params, for rendering only: agent noted, reference shown or not, dues.
              isAgent: claim.isAgent,
              hasUpiRef: Boolean(d.upiRef),
              due: duesPaise,
              ...(part ? { count: headIds.length, heads: headList(c.heads, headIds) } : {}),
            },
            buttons: [
              [
                { key: 'card:payment.confirm', action: { kind: 'confirm_payment', paymentId: payment.id } },
                { key: 'card:payment.reject', action: { kind: 'reject_payment', paymentId: payment.id } },
              ],
            ],
            track: { kind: 'payment_card', paymentId: payment.id },
            deskEntry: c.id,
            // The owner's own photo of his animal ("this is mine"), when he sent one with his claim.
            ...(claim.photoId ? { photoId: claim.photoId } : {}),
            priority: 'official',
          },
          `payment:${payment.id}:card:${k.telegramUserId}`,
          d.now,
        );
      }
      await planDeadlines(tx, c.id, d.now);
      await audit(
        tx,
        { telegramId: d.telegramUserId, role: 'owner', chatId: d.chatId ?? null, messageId: d.messageId ?? null },
        paymentKind === 'S13_PAYMENT' ? 'S13_PAYMENT_DECLARED' : 'S15_DEPOSIT_DECLARED',
        c.id,
        { paymentId: payment.id, claimId: claim.id, method: d.method, amountPaise, duesPaise, keepers: keepers.length },
      );
      return {
        kind: 'declared',
        paymentId: payment.id,
        amountPaise,
        duesPaise,
        keepers: keepers.length,
        caseNumber: c.number,
        deposit: paymentKind === 'S15_DEPOSIT',
      };
    });
  try {
    return await attempt();
  } catch (e) {
    if (!(e instanceof Refusal && e.code === 'CONFLICT')) throw e;
    // Someone else moved the case between our read and our write: answer from the new state.
    return attempt();
  }
}
