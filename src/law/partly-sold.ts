import { addDays, assertInstant, daysBetween, toIstDate, type LocalDate } from './calendar';
import { duesOf, type DuesBreakdown, type DuesInput, type DuesLine, type FeedingLine } from './dues';
import { guard, LawError, type LawResult } from './errors';
import { assertPaise, mulPaise, sumPaise, type Paise } from './money';
import { chargesAfterRound } from './rounds';
import type { LawRules } from './rules';

/** What the last s. 14 auction round left unrecovered of the dues (`SplitPart.unrecoveredPaise`, per kind). */
export interface UnrecoveredDues {
  readonly finePaise: Paise;
  readonly feedingPaise: Paise;
  readonly securityPaise: Paise;
}

/** The dues of the heads left without a bid, claimed under s. 13 after a partial s. 14 sale. */
export interface DuesAfterSale extends DuesBreakdown {
  readonly afterSale: {
    /** When the last auction round was held, and its India date. */
    readonly lastSaleAt: Date;
    readonly lastSaleOn: LocalDate;
    /** Still owed after the proceeds of every round were applied (s. 16 ¶2 deductions, carried round to round). */
    readonly unrecovered: UnrecoveredDues;
    /** Charged since the sale day for the heads still in the pound (feeding from the next day on; no new fine). */
    readonly accrued: UnrecoveredDues;
  };
}

/**
 * s. 13 after a partial s. 14 sale. Heads offered at a s. 14 auction without a bid stay in the pound
 * and remain "impounded cattle" their owner may claim "on payment of the fines and charges incurred in respect of
 * such cattle". The proceeds of the sale already met the dues of the whole herd up to the sale day, as far as they
 * went (the s. 14 round deducts every head's fines and charges, `computeSale` with `S14_ALL`). So what the owner
 * pays is exactly what a further round would deduct (README "Auction rounds"): what the last round left unrecovered
 * plus the charges accrued since the sale day for the heads still in the pound — never what a round already
 * deducted. Any surplus of the rounds is the owner's to claim under s. 17, not set off here.
 *
 * `input` is the valuation of the heads still in the pound at `asOf` (as for a plain claim). The lines are the
 * feeding lines for the days after the sale day; the totals add the unrecovered parts.
 */
export function duesAfterPartialSale(
  input: DuesInput,
  rules: LawRules,
  lastSaleAt: Date,
  unrecovered: UnrecoveredDues,
): LawResult<DuesAfterSale> {
  return guard(() => {
    assertInstant(lastSaleAt, 'lastSaleAt');
    for (const [k, v] of Object.entries(unrecovered)) assertPaise(v, `unrecovered.${k}`);
    if (lastSaleAt.getTime() < input.impoundedAt.getTime() || input.asOf.getTime() < lastSaleAt.getTime()) {
      throw new LawError('DATE_ORDER', {
        field: 'lastSaleAt',
        value: lastSaleAt.toISOString(),
        asOf: input.asOf.toISOString(),
      });
    }
    const now = duesOf(input, rules);
    const atSale = duesOf({ ...input, asOf: lastSaleAt }, rules);
    const lastSaleOn = toIstDate(lastSaleAt);
    const firstNewDay = addDays(lastSaleOn, 1);
    const lines: DuesLine[] = [];
    for (const l of now.lines) {
      if (l.kind !== 'feeding' || daysBetween(l.to, firstNewDay) > 0) continue;
      const from = daysBetween(l.from, firstNewDay) > 0 ? firstNewDay : l.from;
      const days = daysBetween(from, l.to) + 1;
      const line: FeedingLine = { ...l, from, days, amountPaise: mulPaise(l.heads, days, l.ratePaise) };
      lines.push(line);
    }
    // The one rule of "Auction rounds" (rounds.ts): what the last round left unrecovered plus what accrued since
    // its sale — what a further round would deduct. Unrecovered expenses of sale are not "fines and charges
    // incurred in respect of such cattle" (s. 13): they stay with a further round.
    const { dues, accrued } = chargesAfterRound(unrecovered, now.totals, atSale.totals);
    // The trimmed lines are the days after the sale day: they must be exactly the growth of the valuation.
    const linesFeeding = sumPaise(lines.map((l) => l.amountPaise));
    if (linesFeeding !== accrued.feedingPaise)
      throw new LawError('DATE_ORDER', {
        reason: 'feeding_lines_disagree',
        linesFeeding,
        accrued: accrued.feedingPaise,
      });
    const totals = dues;
    return {
      ...now,
      lines,
      perClass: [],
      totals: { ...totals, totalPaise: sumPaise([totals.finePaise, totals.feedingPaise, totals.securityPaise]) },
      afterSale: { lastSaleAt, lastSaleOn, unrecovered, accrued },
    };
  });
}
