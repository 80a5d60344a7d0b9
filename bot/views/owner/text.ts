import type { BotContext } from '../../context';

/** Telegram's limit for a message text (captions: 1024). */
export const MESSAGE_LIMIT = 4096;
/** Telegram's limit for a photo caption. */
export const CAPTION_LIMIT = 1024;

/** "s. 14" → "s. 14" / "धारा 14" in the reader's language. */
export function sectionText(ctx: Pick<BotContext, 't'>, section: string | null | undefined): string {
  return section ? ctx.t('common:section', { n: section.replace(/^s\.\s*/, '') }) : '';
}

/** Cuts a text to Telegram's limit at a line break, marking the cut with "…". */
export function fitMessage(text: string, limit = MESSAGE_LIMIT): string {
  if (text.length <= limit) return text;
  const room = text.slice(0, limit - 2);
  const cut = room.lastIndexOf('\n');
  return `${cut > limit / 2 ? room.slice(0, cut) : room}\n…`;
}

/** The pound's name in the reader's language. */
export function poundName(ctx: Pick<BotContext, 'lang'>, pound: { name: string; nameHi: string }): string {
  return ctx.lang === 'hi' ? pound.nameHi : pound.name;
}

/** A cattle class in the reader's language ("buffalo" / "भैंस"). */
export function className(ctx: Pick<BotContext, 't'>, code: string): string {
  return ctx.t(`common:cattle.${code}`);
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
 */
export function statusText(ctx: Pick<BotContext, 't'>, c: { status: string; ownerRefusedAt?: Date | null }): string {
  if (c.status === 'PARTLY_SOLD' && !c.ownerRefusedAt) return ctx.t('common:status_s14.PARTLY_SOLD');
  return ctx.t(`common:status.${c.status}`);
}
