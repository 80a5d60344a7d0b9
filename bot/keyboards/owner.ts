import { InlineKeyboard } from 'grammy';
import { callbackSecret, encodeCallback } from '../../src/callback-data';
import type { CaseCard } from '../../src/services/case-card';
import type { BotContext } from '../context';
import { SURPLUS_REQUEST_ACTION } from './surplus-request';

/**
 * Owner-side inline buttons. Callback data is always signed (src/callback-data.ts); a forged or altered
 * button fails verification and falls through to the unhandled feature ("out of date, nothing changed").
 * Actions (keep them short — Telegram allows 64 bytes of callback data):
 *   lang <en|hi> · cs <caseId> open card · du <caseId> dues · wi <caseId> what-if · cl <caseId> claim (s. 13)
 *   pr <caseId> dispute (s. 15) · pi <caseId> <1|0> intends to complain · who <caseId> <13|15> <o|a>
 *   dcl <claimId> <1|0> s. 12A declaration · pm <claimId> <c|u> method · ip <claimId> <c|u> <paise> "I have paid"
 *   nr <claimId> <paise> no UPI reference · fw <caseId> <1|0> follow · sa all cattle · us <subscriptionId>
 *   cp <caseId> complaint · ack <releaseId> taking the cattle back (button queued by the staff release flow)
 */

/** Signed callback data for an owner button. */
export function cb(ctx: BotContext, action: string, ...args: Array<string | number>): string {
  return encodeCallback(callbackSecret(ctx.deps.config), action, ...args);
}

/** The language switch offered on /start and /language. */
export function languageKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t('owner:language.hi_button'), cb(ctx, 'lang', 'hi')).text(ctx.t('owner:language.en_button'), cb(ctx, 'lang', 'en'));
}

/** Buttons under a case card, as the read model lists them for this viewer (src/services/case-card.ts). */
export function caseCardKeyboard(ctx: BotContext, card: Pick<CaseCard, 'id' | 'actions'>): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const action of card.actions) {
    if (kb.inline_keyboard.at(-1)?.length) kb.row();
    switch (action) {
      case 'dues':
        kb.text(ctx.t('owner:case.dues_button'), cb(ctx, 'du', card.id));
        break;
      case 'claim':
        kb.text(ctx.t('owner:case.claim_button'), cb(ctx, 'cl', card.id));
        break;
      case 'protest':
        kb.text(ctx.t('owner:case.protest_button'), cb(ctx, 'pr', card.id));
        break;
      case 'follow':
      case 'unfollow':
        kb.text(ctx.t(action === 'unfollow' ? 'owner:case.unfollow_button' : 'owner:case.follow_button'), cb(ctx, 'fw', card.id, action === 'unfollow' ? 0 : 1));
        break;
      case 'request_surplus':
        // s. 17: whoever claimed the case may ask for the surplus while the District Magistrate holds it.
        kb.text(ctx.t('officer:surplus_owner.request_button'), cb(ctx, SURPLUS_REQUEST_ACTION, card.id));
        break;
    }
  }
  return kb;
}

/** Starts (or moves) a multi-step owner flow in the session. */
export function setFlow(ctx: BotContext, flow: string, step: string, data: Record<string, unknown>): void {
  ctx.session.flow = flow;
  ctx.session.step = step;
  ctx.session.data = data;
}

/** Leaves any flow. */
export function clearFlow(ctx: BotContext): void {
  ctx.session.flow = undefined;
  ctx.session.step = undefined;
  ctx.session.data = undefined;
}

/** True for "/something" (a command always leaves a flow rather than being taken as an answer). */
export function isCommandText(text: string): boolean {
  return text.trimStart().startsWith('/');
}
