import type { CaseCard } from '../../../src/services/case-card';
import { groupHeads } from '../../../src/services/cases';
import type { BotContext } from '../../context';
import { caseCardKeyboard } from '../../keyboards/owner';
import { renderNext } from './next-deadline';
import { className, fitMessage, outcomeText, poundName, statusText } from './text';

/** Most cattle lines shown on a card before "… and N more" (a card must stay readable on a small phone). */
const MAX_CATTLE_LINES = 25;

/** "• 2 × buffalo — black, curved horns" lines for the heads of a case. */
export function cattleLines(ctx: BotContext, heads: CaseCard['heads']): string {
  const groups = groupHeads(heads);
  const lines = groups.slice(0, MAX_CATTLE_LINES).map((g) =>
    ctx.t('owner:case.cattle_line', {
      count: g.count,
      cls: className(ctx, g.cattleClass, g.count),
      description: g.description || '—',
    }),
  );
  const hidden = groups.slice(MAX_CATTLE_LINES).reduce((s, g) => s + g.count, 0);
  if (hidden > 0) lines.push(ctx.t('owner:case.more_cattle', { count: hidden }));
  return lines.join('\n');
}

/** How many of the case's animals are still in the pound (one reads singular in what comes next). */
export function inPound(c: { heads: ReadonlyArray<{ status: string }> }): number {
  return c.heads.filter((h) => h.status === 'IMPOUNDED').length;
}

/** "2 buffalo, 1 calf" for a search result button. */
export function cattleSummary(ctx: BotContext, heads: Array<{ cattleClass: string }>): string {
  const counts = new Map<string, number>();
  for (const h of heads) counts.set(h.cattleClass, (counts.get(h.cattleClass) ?? 0) + 1);
  return [...counts]
    .map(([cls, n]) => ctx.t('owner:case.cattle_count', { count: n, cls: className(ctx, cls, n) }))
    .join(', ');
}

/**
 * The public case card: only the s. 14 notice facts (number and description of the cattle, place of
 * seizure, pound, day and hour brought in) plus status and the next statutory date — never the owner's
 * or the seizer's name or residence. A pure function of the read model (src/services/case-card.ts).
 */
export function renderCaseCard(ctx: BotContext, c: CaseCard) {
  const parts = [
    ctx
      .t('owner:case.card', {
        number: c.number,
        status: statusText(ctx, c, inPound(c)),
        heads: c.heads.length,
        cattle: cattleLines(ctx, c.heads),
        place: c.placeOfSeizure,
        pound: poundName(ctx, c.pound),
        address: c.pound.address,
        at: c.impoundedAt.toISOString(),
        next: c.next ? renderNext(ctx, c.next, inPound(c), c.pound) : '',
      })
      .trimEnd(),
  ];
  for (const k of c.complaints) {
    parts.push(
      ctx.t('owner:case.complaint_line', {
        reference: k.reference,
        date: k.filedOn,
        outcome: outcomeText(ctx, k.outcome),
      }),
    );
  }
  return { text: fitMessage(parts.join('\n')), reply_markup: caseCardKeyboard(ctx, c) };
}
