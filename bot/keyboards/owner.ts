import { InlineKeyboard } from 'grammy';
import type { CaseCard } from '../../src/services/case-card';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';
import { SURPLUS_REQUEST_ACTION } from './surplus-request';

/**
 * Owner-side inline buttons, one typed codec each (bot/flows/callback-codec.ts). Callback data is always signed
 * (src/callback-data.ts); a forged or altered button fails verification and falls through to the unhandled feature
 * ("out of date, nothing changed"). Actions (keep them short — Telegram allows 64 bytes of callback data):
 *   lang <en|hi> · cs <caseId> open card · ph <caseId> a candidate's photos · du <caseId> dues · wi <caseId> what-if · cl <caseId> claim (s. 13)
 *   pr <caseId> dispute (s. 15) · pi <caseId> <1|0> intends to complain · who <caseId> <13|15> <o|a>
 *   dcl <claimId> <1|0> s. 12A declaration · pm <claimId> <c|u> method · ip <claimId> <c|u> <paise> "I have paid"
 *   nr <claimId> <paise> no UPI reference · fw <caseId> <1|0> follow · sa all cattle · us <subscriptionId>
 *   cp <caseId> complaint · ack <releaseId> taking the cattle back (button queued by the staff release flow)
 *   hd <claimId> <headId> toggles a head · hda <claimId> all of them · hdd <claimId> done ("Which of these are yours?")
 */

/** The owner's buttons (typed codecs on the signed format; the wire format above is unchanged). */
export const ownerCb = {
  language: callbackCodec('lang', ['code:str']),
  openCase: callbackCodec('cs', ['caseId:int']),
  /** A search candidate's photos ("see photos"), without its card. */
  casePhotos: callbackCodec('ph', ['caseId:int']),
  dues: callbackCodec('du', ['caseId:int']),
  /** "If I come on <date>": the what-if flow of dues.ts. */
  whatIf: callbackCodec('wi', ['caseId:int']),
  claim: callbackCodec('cl', ['caseId:int']),
  /** Who claims (claim.ts): kind 13 = s. 13 claim, 15 = s. 15 deposit; role o = the owner, a = an agent. */
  claimRole: callbackCodec('who', ['caseId:int', 'kind:int', 'role:str']),
  /** s. 12A (s. 15 deposit): 1 = the owner's declaration, 0 = the security. */
  declaration: callbackCodec('dcl', ['claimId:int', 'declaration:int']),
  /** Cash (c) or UPI (u). */
  payMethod: callbackCodec('pm', ['claimId:int', 'method:str']),
  /** The payment choice (cash or UPI) of a claim, from "I have paid" or "how do I pay" typed in words. */
  payChoice: callbackCodec('pyc', ['claimId:int']),
  /** "I have paid ₹…" (c|u, the dues in paise). */
  havePaid: callbackCodec('ip', ['claimId:int', 'method:str', 'amountPaise:int']),
  /** UPI paid without a transaction reference. */
  noUpiRef: callbackCodec('nr', ['claimId:int', 'amountPaise:int']),
  /** "Which of these are yours?" (claim-heads.ts): toggle a head, all of them, done. */
  toggleHead: callbackCodec('hd', ['claimId:int', 'headId:int']),
  allHeads: callbackCodec('hda', ['claimId:int']),
  headsDone: callbackCodec('hdd', ['claimId:int']),
  protest: callbackCodec('pr', ['caseId:int']),
  /** s. 15: 1 = the owner means to complain (s. 20) and deposits under protest, 0 = back. */
  intendsToComplain: callbackCodec('pi', ['caseId:int', 'yes:int']),
  /** Taking the cattle back (the staff release flow queues this button; `encodeButtonAction` draws it). */
  acknowledgeRelease: callbackCodec('ack', ['releaseId:int']),
  /** 1 = follow the case, 0 = stop following it. */
  follow: callbackCodec('fw', ['caseId:int', 'on:int']),
  subscribeAll: callbackCodec('sa'),
  unsubscribe: callbackCodec('us', ['subscriptionId:int']),
  complaint: callbackCodec('cp', ['caseId:int']),
  surplusRequest: callbackCodec(SURPLUS_REQUEST_ACTION, ['caseId:int']),
};

/** The language switch offered on /start and /language. */
export function languageKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t('owner:language.hi_button'), ownerCb.language.encode(ctx, { code: 'hi' }))
    .text(ctx.t('owner:language.en_button'), ownerCb.language.encode(ctx, { code: 'en' }));
}

/** Buttons under a case card, as the read model lists them for this viewer (src/services/case-card.ts). */
export function caseCardKeyboard(ctx: BotContext, card: Pick<CaseCard, 'id' | 'actions'>): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const action of card.actions) {
    if (kb.inline_keyboard.at(-1)?.length) kb.row();
    switch (action) {
      case 'dues':
        kb.text(ctx.t('owner:case.dues_button'), ownerCb.dues.encode(ctx, { caseId: card.id }));
        break;
      case 'claim':
        kb.text(ctx.t('owner:case.claim_button'), ownerCb.claim.encode(ctx, { caseId: card.id }));
        break;
      case 'protest':
        kb.text(ctx.t('owner:case.protest_button'), ownerCb.protest.encode(ctx, { caseId: card.id }));
        break;
      case 'follow':
      case 'unfollow':
        kb.text(
          ctx.t(action === 'unfollow' ? 'owner:case.unfollow_button' : 'owner:case.follow_button'),
          ownerCb.follow.encode(ctx, { caseId: card.id, on: action === 'unfollow' ? 0 : 1 }),
        );
        break;
      case 'request_surplus':
        // s. 17: whoever claimed the case may ask for the surplus while the District Magistrate holds it.
        kb.text(ctx.t('officer:surplus_owner.request_button'), ownerCb.surplusRequest.encode(ctx, { caseId: card.id }));
        break;
    }
  }
  return kb;
}

/** True for "/something" (a command always leaves a flow rather than being taken as an answer). */
export function isCommandText(text: string): boolean {
  return text.trimStart().startsWith('/');
}
