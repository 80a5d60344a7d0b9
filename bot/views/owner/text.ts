import { type SalePathFacts, isS16Path } from '../../../src/law';
import type { BotContext } from '../../context';

// The words every screen shares (sections, pound names, Telegram's length limit) live in bot/views/text.ts.
export { CAPTION_LIMIT, fitMessage, MESSAGE_LIMIT, poundName, sectionText } from '../text';

/** A cattle class in the reader's language ("buffalo" / "भैंस"); with `count`, its plural form ("2 buffaloes"). */
export function className(ctx: Pick<BotContext, 't'>, code: string, count?: number): string {
  return count === undefined ? ctx.t(`common:cattle.${code}`) : ctx.t(`common:cattle.${code}`, { count });
}

/** The word the law uses for the s. 12 sum on that date (Act 8 of 2026), capitalised for a line label. */
export function termWord(ctx: Pick<BotContext, 't'>, term: 'fine' | 'penalty', capital = false): string {
  return ctx.t(`common:term.${capital ? (term === 'fine' ? 'Fine' : 'Penalty') : term}`);
}

/** The outcome of a s. 20 complaint as the Magistrate's office recorded it ('refund' / 'apply'), in words. */
export function outcomeText(ctx: Pick<BotContext, 't' | 'deps' | 'lang'>, outcome: string | null): string {
  if (outcome === null) return ctx.t('owner:case.outcome_pending');
  const key = `owner:case.outcome_${outcome}`;
  return ctx.deps.translator.i18n.exists(key, { lng: ctx.lang }) ? ctx.t(key) : outcome;
}

/**
 * A case's status in words. PARTLY_SOLD differs by path: after a s. 16 sale the rest go back to the owner;
 * on the s. 14 path heads without a bid stay in the pound for a further auction (src/law "Auction rounds").
 * `inPound`: the case's animals still in the pound, so that one left reads singular ("the animal without a bid");
 * none is no count (Hindi reads 0 as singular, and the plain text is the plural).
 */
export function statusText(
  ctx: Pick<BotContext, 't'>,
  c: { status: string } & SalePathFacts,
  inPound?: number,
): string {
  const count = inPound !== undefined && inPound > 0 ? { count: inPound } : {};
  if (c.status === 'PARTLY_SOLD' && !isS16Path(c)) return ctx.t('common:status_s14.PARTLY_SOLD', count);
  return ctx.t(`common:status.${c.status}`, count);
}
