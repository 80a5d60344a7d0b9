import { CLAIMABLE, IN_CUSTODY, type CaseStatus } from '../../../src/law';
import { groupHeads, type CaseWithCard } from '../../../src/services/cases';
import { nextDeadline, windowsFromConfig } from '../../../src/services/dues';
import type { BotContext } from '../../context';
import { caseCardKeyboard } from '../../keyboards/owner';
import { addSurplusRequestButton } from '../../keyboards/surplus-request';
import { renderNext } from './next-deadline';
import { className, fitMessage, outcomeText, poundName, statusText } from './text';

/** Most cattle lines shown on a card before "… and N more" (a card must stay readable on a small phone). */
const MAX_CATTLE_LINES = 25;

/** "• 2 × buffalo — black, curved horns" lines for the heads of a case. */
export function cattleLines(ctx: BotContext, heads: CaseWithCard['heads']): string {
  const groups = groupHeads(heads);
  const lines = groups.slice(0, MAX_CATTLE_LINES).map((g) => ctx.t('owner:case.cattle_line', { count: g.count, cls: className(ctx, g.cattleClass, g.count), description: g.description || '—' }));
  const hidden = groups.slice(MAX_CATTLE_LINES).reduce((s, g) => s + g.count, 0);
  if (hidden > 0) lines.push(ctx.t('owner:case.more_cattle', { count: hidden }));
  return lines.join('\n');
}

/** "2 buffalo, 1 calf" for a search result button. */
export function cattleSummary(ctx: BotContext, heads: Array<{ cattleClass: string }>): string {
  const counts = new Map<string, number>();
  for (const h of heads) counts.set(h.cattleClass, (counts.get(h.cattleClass) ?? 0) + 1);
  return [...counts].map(([cls, n]) => ctx.t('owner:case.cattle_count', { count: n, cls: className(ctx, cls, n) })).join(', ');
}

/**
 * The public case card: only the s. 14 notice facts (number and description of the cattle, place of
 * seizure, pound, day and hour brought in) plus status and the next statutory date — never the owner's
 * or the seizer's name or residence.
 */
export async function renderCaseCard(ctx: BotContext, c: CaseWithCard, opts: { following: boolean }) {
  const now = ctx.deps.clock.now();
  const windows = windowsFromConfig(ctx.deps.config);
  const next = nextDeadline({ status: c.status, ownerRefusedAt: c.ownerRefusedAt, reportedAt: c.reportedAt, impoundedAt: c.impoundedAt, seizedAt: c.seizedAt, noticePostedAt: c.noticePostedAt, surplusDepositedAt: c.surplusDepositedAt, auction: c.auction }, now, windows);
  const parts = [
    ctx.t('owner:case.card', {
      number: c.number,
      status: statusText(ctx, c),
      heads: c.heads.length,
      cattle: cattleLines(ctx, c.heads),
      place: c.placeOfSeizure,
      pound: poundName(ctx, c.pound),
      address: c.pound.address,
      at: c.impoundedAt.toISOString(),
      next: next.ok ? renderNext(ctx, next.value) : '',
    }).trimEnd(),
  ];
  const complaints = await ctx.deps.db.complaint.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } });
  for (const k of complaints) {
    parts.push(ctx.t('owner:case.complaint_line', { reference: k.reference, date: k.filedOn.toISOString().slice(0, 10), outcome: outcomeText(ctx, k.outcome) }));
  }
  const status = c.status as CaseStatus;
  const keyboard = caseCardKeyboard(ctx, c.id, { claimable: CLAIMABLE.includes(status), inCustody: IN_CUSTODY.includes(status), following: opts.following });
  // s. 17: whoever claimed the case may ask for the surplus while the District Magistrate holds it.
  await addSurplusRequestButton(ctx, keyboard, c.id);
  return { text: fitMessage(parts.join('\n')), reply_markup: keyboard };
}
