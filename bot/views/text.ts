import { poundNameIn } from '../../src/i18n';
import type { BotContext } from '../context';

/**
 * Words every screen shares — owners', staff's and the jobs' — written once: the section in the reader's
 * language, the pound's name, and a text cut to Telegram's limit.
 */

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
  return poundNameIn(ctx.lang, pound);
}
