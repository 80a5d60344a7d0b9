import type { BotContext } from '../../context';
import { sectionText } from './text';

/** The declared amount is below the dues: the whole sum is required (s. 13 payment, s. 15 deposit). */
export function shortText(ctx: Pick<BotContext, 't'>, given: number, due: number, deposit: boolean): string {
  return ctx.t('owner:pay.short', {
    given,
    due,
    difference: due - given,
    section: sectionText(ctx, deposit ? 's. 15' : 's. 13'),
  });
}

/** The declared amount is above the dues: exactly the dues are taken (ss. 13, 15); the excess goes back. */
export function overText(ctx: Pick<BotContext, 't'>, given: number, due: number, deposit: boolean): string {
  return ctx.t('owner:pay.over', {
    given,
    due,
    difference: given - due,
    section: sectionText(ctx, deposit ? 's. 15' : 's. 13'),
  });
}
