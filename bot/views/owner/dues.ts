import type { PoundNames } from '../../../src/i18n';
import type { DuesAfterSale, DuesBreakdown } from '../../../src/law';
import { saleMayComeBy, type NextDeadline } from '../../../src/services/next-deadline';
import type { BotContext } from '../../context';
import { renderNext } from './next-deadline';
import { className, sectionText, termWord } from './text';

/**
 * The itemised dues from the statute engine: one line per s. 12 / s. 5 / s. 12A line with its section,
 * the per-head sums, the total in ₹ (Indian grouping), and the word "fine" or "penalty" the law uses on
 * the date (Act 8 of 2026).
 */
export function renderDuesLines(ctx: BotContext, b: DuesBreakdown): string {
  const lines: string[] = [];
  // s. 13 after a partial s. 14 sale: first what the sale money left unpaid, then the feeding since the sale day.
  const after = 'afterSale' in b ? (b as DuesAfterSale).afterSale : null;
  if (after) {
    const u = after.unrecovered;
    lines.push(
      ctx.t('owner:dues.line_after_sale', {
        date: after.lastSaleOn,
        term: termWord(ctx, b.term.term, true),
        fine: u.finePaise,
        feeding: u.feedingPaise,
      }),
    );
    if (u.securityPaise > 0) lines.push(ctx.t('owner:dues.line_after_sale_security', { security: u.securityPaise }));
  }
  for (const l of b.lines) {
    const cls = className(ctx, l.cattleClass);
    if (l.kind === 'fine')
      lines.push(
        ctx.t('owner:dues.line_fine', {
          term: termWord(ctx, l.term, true),
          heads: l.heads,
          cls,
          rate: l.ratePaise,
          amount: l.amountPaise,
        }),
      );
    else if (l.kind === 'feeding')
      lines.push(
        ctx.t('owner:dues.line_feeding', {
          heads: l.heads,
          cls,
          days: ctx.t('owner:dues.days', { count: l.days }),
          rate: l.ratePaise,
          from: l.from,
          to: l.to,
          amount: l.amountPaise,
        }),
      );
    else
      lines.push(ctx.t('owner:dues.line_security', { heads: l.heads, cls, rate: l.ratePaise, amount: l.amountPaise }));
  }
  if (b.perClass.length > 1 || b.heads > 1) {
    const list = b.perClass
      .map((c) => ctx.t('owner:dues.per_head_item', { cls: className(ctx, c.cattleClass), amount: c.perHeadPaise }))
      .join(' · ');
    lines.push(ctx.t('owner:dues.per_head', { list }));
  }
  lines.push(ctx.t('owner:dues.total', { total: b.totals.totalPaise }));
  return lines.join('\n');
}

/**
 * The full dues message: header, lines, notes (term, Maharashtra security, what one more day adds), and
 * what happens if unpaid.
 */
export function renderDues(
  ctx: BotContext,
  number: string,
  b: DuesBreakdown,
  next: NextDeadline | null,
  opts: { whatIf?: boolean; nextDayPaise?: number | null; pound?: PoundNames & { address: string } } = {},
): string {
  const parts: string[] = [];
  if (opts.whatIf) {
    parts.push(ctx.t('owner:whatif.header', { date: b.asOfDate }));
    // A sum for a day on which the cattle may already be sold holds only if they are not (ss. 14, 16).
    const sale = saleMayComeBy(next, b.asOfDate);
    if (sale)
      parts.push(
        ctx.t('owner:whatif.sale_warning', {
          count: b.heads,
          sale,
          date: b.asOfDate,
          section: sectionText(ctx, next?.kind === 's16_sale' ? 's. 16' : 's. 14'),
        }),
      );
  }
  if ('afterSale' in b)
    parts.push(
      ctx.t('owner:dues.after_sale_note', { count: b.heads, date: (b as DuesAfterSale).afterSale.lastSaleOn }),
    );
  parts.push(
    ctx.t(b.mode === 'deposit' ? 'owner:dues.header_deposit' : 'owner:dues.header', {
      number,
      date: b.asOfDate,
      section: sectionText(ctx, b.section),
    }),
  );
  parts.push(renderDuesLines(ctx, b));
  const notes: string[] = [];
  if (b.term.term === 'penalty') notes.push(ctx.t('owner:dues.term_note'));
  if (b.securityWaivedByDeclaration) notes.push(ctx.t('owner:dues.declaration_note'));
  else if (b.totals.securityPaise > 0 && b.mode === 'claim') notes.push(ctx.t('owner:dues.security_note'));
  // What one more day adds, as the statute engine values the next day (the caller computes it).
  if (opts.nextDayPaise != null && opts.nextDayPaise > 0)
    notes.push(ctx.t('owner:dues.grows', { perDay: opts.nextDayPaise }));
  if (notes.length) parts.push(notes.join('\n'));
  if (next) parts.push(renderNext(ctx, next, b.heads, opts.pound));
  return parts.join('\n\n');
}
