import type { InlineKeyboard } from 'grammy';
import { callbackSecret, encodeCallback } from '../../src/callback-data';
import { surplusRequestOffer } from '../../src/services/surplus-request';
import type { BotContext } from '../context';

/** Callback action of the owner's "ask for the surplus" button (s. 17): `srq <caseId>`. */
export const SURPLUS_REQUEST_ACTION = 'srq';

/**
 * s. 17: on the case card of someone who claimed the case, while the District Magistrate holds the sale
 * surplus (three months), a button to ask for it. Adds nothing for anyone else or at any other time.
 */
export async function addSurplusRequestButton(ctx: BotContext, kb: InlineKeyboard, caseId: number): Promise<void> {
  if (!ctx.from) return;
  const offer = await surplusRequestOffer(ctx.deps.db, caseId, BigInt(ctx.from.id), ctx.deps.clock.now());
  if (!offer || offer.claimant.requestedAt) return;
  kb.row().text(ctx.t('officer:surplus_owner.request_button'), encodeCallback(callbackSecret(ctx.deps.config), SURPLUS_REQUEST_ACTION, caseId));
}
