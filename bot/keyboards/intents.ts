import { InlineKeyboard } from 'grammy';
import type { OwnerIntent } from '../../src/services/owner-text';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';

/** "Did you mean …" and the main buttons: an intent, for the case last opened (bot/features/owner-words.ts). */
export const intentCb = callbackCodec('in', ['intent:str']);
/** "Which case do you mean?": an intent for the case tapped. */
export const intentCaseCb = callbackCodec('ic', ['intent:str', 'caseId:int']);

/** Buttons for intents, one a row. */
export function intentButtons(ctx: BotContext, intents: readonly OwnerIntent[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const intent of intents) kb.text(ctx.t(`intent:choice.${intent}`), intentCb.encode(ctx, { intent })).row();
  return kb;
}

/** The main buttons: about the case last opened (when there is one), then my cases, help and language. */
export function mainButtons(ctx: BotContext, withCase: boolean): InlineKeyboard {
  const kb = new InlineKeyboard();
  const row = (intents: OwnerIntent[]) => {
    for (const intent of intents) kb.text(ctx.t(`intent:choice.${intent}`), intentCb.encode(ctx, { intent }));
    kb.row();
  };
  if (withCase) {
    row(['dues', 'pound']);
    row(['next', 'keeper']);
  }
  row(['mycases', 'help']);
  row(['language']);
  return kb;
}
