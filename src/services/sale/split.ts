import { computeTimeline, sumPaise, type SplitPart, type TimelineEntry, isS16Path } from '../../law';
import { type Db, paiseOf } from '../../db';
import { audit } from '../audit';
import { caseStateOf, loadCase, loadCaseAs, mustAllow, transition, caseTransaction } from '../case-transition';
import { Refusal } from '../refusal';
import { type StaffActor, authorizeInTx } from '../staff';
import { roundJobKey } from './auction';
import { planDeadlines } from '../deadlines';
import type { Tx } from '../outbox';
import { proceedsKey } from './sale';
import { completedRounds } from './record';
import { isClaimSplitKey } from '../claim-division';
import { postLedger, type LedgerPosting } from '../ledger';

/** Ledger accounts the s. 17 split writes to (LedgerAccount enum values). */
export type SplitAccount =
  | 'SALE_EXPENSES'
  | 'DISTRICT_MAGISTRATE'
  | 'POUND_KEEPER'
  | 'SECURITY'
  | 'OWNER_BALANCE'
  | 'MAGISTRATE_DEPOSIT';

/** s. 17 remittance kinds the selling officer confirms (RemittanceKind enum values). */
export type RemittanceKindCode =
  | 'FINES_TO_MAGISTRATE'
  | 'FEEDING_TO_POUND_KEEPER'
  | 'SECURITY_TO_MAGISTRATE'
  | 'SURPLUS_TO_MAGISTRATE';

/** Which ledger account each remittance pays out of. */
export const REMITTANCE_ACCOUNT: Record<RemittanceKindCode, SplitAccount> = {
  FINES_TO_MAGISTRATE: 'DISTRICT_MAGISTRATE',
  FEEDING_TO_POUND_KEEPER: 'POUND_KEEPER',
  SECURITY_TO_MAGISTRATE: 'SECURITY',
  SURPLUS_TO_MAGISTRATE: 'MAGISTRATE_DEPOSIT',
};

/** A part of the proceeds as the ledger records it. */
export interface SplitLine {
  account: SplitAccount;
  section: string;
  amountPaise: number;
  duePaise: number;
  unrecoveredPaise: number;
}

/** The ledger account of an engine split part. */
export function accountOfPart(p: SplitPart): SplitAccount {
  switch (p.payee) {
    case 'SALE_EXPENSES':
      return 'SALE_EXPENSES';
    case 'DISTRICT_MAGISTRATE':
      return 'DISTRICT_MAGISTRATE';
    case 'POUND_KEEPER':
      return 'POUND_KEEPER';
    case 'S12A_SECURITY':
      return 'SECURITY';
    case 'OWNER':
      return 'OWNER_BALANCE';
    case 'MAGISTRATE_DEPOSIT':
      return 'MAGISTRATE_DEPOSIT';
  }
}

/** Ledger key of one part of the s. 17 division of an auction round (round 1: `case:<id>:split:<ACCOUNT>`). */
export function splitKey(caseId: number, round: number, account: SplitAccount): string {
  return roundJobKey(caseId, round, `split:${account}`);
}

/** True for a ledger key of the s. 17 division of this case (any round). */
export function isSplitKey(caseId: number, key: string): boolean {
  return new RegExp(`^case:${caseId}:(r\\d+:)?split:`).test(key);
}

/** A ledger key of a division of this case: the s. 17 division of the sale, or of a s. 13 payment. */
function isDivisionKey(caseId: number, key: string): boolean {
  return isSplitKey(caseId, key) || isClaimSplitKey(key);
}

/** Feeding charges received under s. 13 are already the keeper's (s. 17): nothing to remit for them. */
function toRemit(e: { account: string; idempotencyKey: string }): boolean {
  return !(isClaimSplitKey(e.idempotencyKey) && e.account === 'POUND_KEEPER');
}

/** The s. 17 division of one auction round: its proceeds and the parts of (f). */
export interface RoundSplit {
  round: number;
  proceedsPaise: number;
  lines: SplitLine[];
}

/**
 * The s. 17 split of a case whose account has been delivered: one division per auction round (a further
 * s. 14 auction divides only its own proceeds, src/law README "Auction rounds").
 */
export async function splitOfCase(
  db: Db | Tx,
  caseId: number,
): Promise<{
  proceedsPaise: number;
  rounds: RoundSplit[];
  lines: SplitLine[];
  balanceTo: 'OWNER' | 'MAGISTRATE_DEPOSIT';
}> {
  const c = await loadCase(db, caseId);
  const rounds = completedRounds(c);
  if (rounds.length === 0 || rounds.some((r) => !r.stored.delivered))
    throw new Refusal('ACCOUNT_NOT_DELIVERED', 's. 16');
  const out: RoundSplit[] = rounds.map((r) => {
    const a = r.stored.delivered!.account;
    return {
      round: r.round,
      proceedsPaise: a.e_proceedsPaise,
      lines: a.f_disposal.map((p) => ({
        account: accountOfPart(p),
        section: p.section,
        amountPaise: p.amountPaise,
        duePaise: p.duePaise,
        unrecoveredPaise: p.unrecoveredPaise,
      })),
    };
  });
  return {
    proceedsPaise: sumPaise(out.map((r) => r.proceedsPaise)),
    rounds: out,
    lines: out.flatMap((r) => r.lines),
    balanceTo: rounds.at(-1)!.stored.delivered!.account.balanceTo,
  };
}

/**
 * Records the s. 17 split as append-only ledger entries, one per non-zero part of each auction round
 * (idempotency key `case:<id>:split:<ACCOUNT>`, `case:<id>:r<n>:split:<ACCOUNT>` for a further round):
 * fines/penalties → DISTRICT_MAGISTRATE, feeding → POUND_KEEPER, expenses of sale, s. 12A security, and the
 * balance → OWNER_BALANCE (paid with the account) or MAGISTRATE_DEPOSIT (held 3 calendar months from today,
 * s. 17). Recorded once the cattle are all gone — sold, or the rest disposed of under the s. 14 proviso
 * (then the account of the rounds held is delivered first); while s. 14 heads wait for a further auction
 * it is refused (CATTLE_REMAIN). Refuses unless each round's parts add up to its proceeds to the paisa.
 * The s. 17 hold of the case's surplus (all rounds) runs from today, so a claimant has at least the full
 * three months for every part of it.
 */
export async function recordSplit(db: Db, act: StaffActor, caseId: number, now: Date) {
  return caseTransaction(db, async (tx) => {
    let c = await loadCase(tx, caseId);
    const who = await authorizeInTx(tx, act, 'auction', c.poundId);
    const role = who.lawRole;
    const existing = await tx.ledgerEntry.findMany({ where: { caseId: c.id }, select: { idempotencyKey: true } });
    if (existing.some((e) => isSplitKey(c.id, e.idempotencyKey))) throw new Refusal('ALREADY_DONE', 's. 17');
    if (c.status === 'PARTLY_SOLD' && !isS16Path(c)) {
      throw new Refusal('CATTLE_REMAIN', 's. 14', { heads: c.heads.filter((h) => h.status === 'IMPOUNDED').length });
    }
    const split = await splitOfCase(tx, c.id);
    if (c.status === 'DISPOSED_PROVISO') {
      // s. 14 proviso after earlier rounds: the account of what was sold is delivered with the disposal.
      const deliver = mustAllow(caseStateOf(c), 'DELIVER_ACCOUNT', role, now, { receiptSigned: false });
      await transition(tx, c, deliver);
      await audit(tx, who.audit, 'S16_ACCOUNT_DELIVERED', c.id, {
        rounds: split.rounds.map((r) => r.round),
        after: 'proviso_disposal',
      });
      c = await loadCase(tx, c.id);
    }
    const data: LedgerPosting[] = [];
    for (const r of split.rounds) {
      // Conservation (s. 17): every rupee of each round's proceeds goes somewhere, and nowhere twice.
      const total = sumPaise(r.lines.map((l) => l.amountPaise));
      const proceeds = await tx.ledgerEntry.findUnique({ where: { idempotencyKey: proceedsKey(c.id, r.round) } });
      if (total !== r.proceedsPaise || !proceeds || paiseOf(proceeds.amountPaise) !== total) {
        throw new Refusal('SPLIT_UNBALANCED', 's. 17', {
          total,
          proceeds: proceeds ? paiseOf(proceeds.amountPaise) : r.proceedsPaise,
        });
      }
      for (const l of r.lines.filter((x) => x.amountPaise > 0)) {
        data.push({
          account: l.account,
          amountPaise: l.amountPaise,
          section: l.section,
          memo: r.round > 1 ? `s. 17 split, auction round ${r.round}` : 's. 17 split',
          idempotencyKey: splitKey(c.id, r.round, l.account),
        });
      }
    }
    const surplus = sumPaise(split.lines.filter((l) => l.account === 'MAGISTRATE_DEPOSIT').map((l) => l.amountPaise));
    const allowed = mustAllow(caseStateOf(c), 'RECORD_SPLIT', role, now, {
      surplusToDepositPaise: surplus,
      surplusDepositedAt: now,
    });
    await postLedger(tx, c.id, now, data);
    await transition(tx, c, allowed, surplus > 0 ? { surplusDepositedAt: now } : {});
    const hold = surplus > 0 ? holdEndOf(c.impoundedAt, now) : null;
    const lines = totalsByAccount(split.lines);
    await audit(tx, who.audit, 'S17_SPLIT_RECORDED', c.id, {
      proceedsPaise: split.proceedsPaise,
      rounds: split.rounds.map((r) => ({
        round: r.round,
        proceedsPaise: r.proceedsPaise,
        lines: r.lines.map((l) => ({ account: l.account, amountPaise: l.amountPaise })),
      })),
      surplusPaise: surplus,
      holdEnds: hold?.date ?? null,
    });
    await planDeadlines(tx, c.id, now);
    return {
      caseNumber: c.number,
      proceedsPaise: split.proceedsPaise,
      lines,
      rounds: split.rounds,
      surplusPaise: surplus,
      holdEnd: hold,
    };
  });
}

/** The division summed per ledger account over the rounds, in the order the accounts first appear. */
export function totalsByAccount(
  lines: readonly SplitLine[],
): Array<{ account: SplitAccount; section: string; amountPaise: number }> {
  const out: Array<{ account: SplitAccount; section: string; amountPaise: number }> = [];
  for (const l of lines) {
    const row = out.find((x) => x.account === l.account);
    if (row) row.amountPaise = sumPaise([row.amountPaise, l.amountPaise]);
    else out.push({ account: l.account, section: l.section, amountPaise: l.amountPaise });
  }
  return out;
}

/** s. 17: the last day of the Magistrate's 3-month hold of a surplus deposited at `depositedAt`. */
export function holdEndOf(impoundedAt: Date, depositedAt: Date): TimelineEntry {
  const t = computeTimeline({ impoundedAt, surplusDepositedAt: depositedAt });
  if (!t.ok || !t.value.surplusHoldEnd) throw new Refusal('LAW_ERROR', 's. 17');
  return t.value.surplusHoldEnd;
}

/** A case's ledger entries of the split and the remittances confirmed so far. */
export async function moneyStatus(db: Db, caseId: number) {
  const [entries, remittances] = await Promise.all([
    db.ledgerEntry.findMany({ where: { caseId }, orderBy: { id: 'asc' } }),
    db.remittance.findMany({ where: { caseId }, orderBy: { id: 'asc' } }),
  ]);
  const splitEntries = entries.filter((e) => isDivisionKey(caseId, e.idempotencyKey));
  // Over every auction round (and a s. 13 payment's division): one remittance per kind covers them all.
  const amountOf = (account: SplitAccount) =>
    sumPaise(splitEntries.filter((e) => e.account === account).map((e) => paiseOf(e.amountPaise)));
  const owed = (account: SplitAccount) =>
    sumPaise(splitEntries.filter((e) => e.account === account && toRemit(e)).map((e) => paiseOf(e.amountPaise)));
  const pending = (Object.keys(REMITTANCE_ACCOUNT) as RemittanceKindCode[]).filter(
    (k) => owed(REMITTANCE_ACCOUNT[k]) > 0 && !remittances.some((r) => r.kind === k),
  );
  return { entries, splitEntries, remittances, pending, amountOf };
}

/**
 * The selling officer confirms a s. 17 remittance: fines/penalties (and s. 12A security, and the surplus)
 * sent to the District Magistrate, feeding charges paid over to the pound-keeper. Recorded once per kind
 * (Remittance unique per case and kind) with the audit trail; a second confirmation is ALREADY_DONE.
 */
export async function confirmRemittance(db: Db, act: StaffActor, caseId: number, kind: RemittanceKindCode, now: Date) {
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'auction', caseId);
    const split = (await tx.ledgerEntry.findMany({ where: { caseId: c.id } })).filter((e) =>
      isDivisionKey(c.id, e.idempotencyKey),
    );
    const entries = split.filter((e) => e.account === REMITTANCE_ACCOUNT[kind] && toRemit(e));
    if (entries.length === 0) throw new Refusal(split.length ? 'NOTHING_TO_REMIT' : 'SPLIT_NOT_RECORDED', 's. 17');
    const amountPaise = sumPaise(entries.map((e) => paiseOf(e.amountPaise)));
    const prior = await tx.remittance.findUnique({ where: { caseId_kind: { caseId: c.id, kind } } });
    if (prior) throw new Refusal('ALREADY_DONE', 's. 17', { at: prior.confirmedAt.toISOString() });
    const row = await tx.remittance.create({
      data: {
        caseId: c.id,
        kind,
        amountPaise,
        confirmedAt: now,
        confirmedByStaffId: who.grant.staffId,
        viaMessageId: act.messageId,
      },
    });
    await audit(tx, who.audit, 'S17_REMITTANCE_CONFIRMED', c.id, { kind, amountPaise, remittanceId: row.id });
    return { caseNumber: c.number, kind, amountPaise };
  });
}
