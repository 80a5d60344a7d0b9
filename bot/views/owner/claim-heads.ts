import { headLabelText } from '../../../src/services/head-label';
import type { BotContext } from '../../context';

/**
 * "Which of these are yours?": one register entry may hold the cattle of several owners, and
 * each claims and pays for his own (ss. 13, 15). Pure: the heads still in the pound and those chosen so far in,
 * the text out (the toggle keyboard: bot/keyboards/claim-heads.ts).
 */

/** A head as the owner chooses it: register number, s. 3 class and the description in the register. */
export interface HeadChoice {
  id: number;
  index: number;
  cattleClass: string;
  description: string;
}

/** "Cow, black, white star" — the class (capitalised where the script has capitals) and the description. */
export function headLabel(ctx: Pick<BotContext, 't'>, h: Pick<HeadChoice, 'cattleClass' | 'description'>): string {
  return headLabelText(ctx.t, h);
}

/** The question, with the heads chosen so far. */
export function headsQuestion(
  ctx: Pick<BotContext, 't'>,
  caseNumber: string,
  heads: readonly HeadChoice[],
  chosen: ReadonlySet<number>,
): string {
  const mine = heads.filter((h) => chosen.has(h.id));
  const lines = [ctx.t('owner:heads.ask', { number: caseNumber, count: heads.length })];
  lines.push(
    mine.length
      ? ctx.t('owner:heads.chosen', { count: mine.length, list: mine.map((h) => headLabel(ctx, h)).join('; ') })
      : ctx.t('owner:heads.none_yet'),
  );
  return lines.join('\n\n');
}

/** "For your 1 head: Cow, black, white star" above the dues of a part claim. */
export function yourHeadsLine(ctx: Pick<BotContext, 't'>, heads: readonly HeadChoice[]): string {
  return ctx.t('owner:heads.yours', { count: heads.length, list: heads.map((h) => headLabel(ctx, h)).join('; ') });
}
