import { Composer } from 'grammy';
import { normaliseVerificationCode, verifyReceipt } from '../../src/services/verify';
import type { BotContext } from '../context';
import { verifiedReceiptText } from '../views/owner/verify';

/**
 * /verify <code> (and the receipt's deep link verify_<code>): says whether a receipt is genuine, with its
 * public facts only — number, case, amount, date, what it was for, and the heads a receipt for one owner's heads
 * covers. Never a name or a residence.
 */
export const verifyFeature = new Composer<BotContext>();

/** Checks a typed verification code and answers. */
export async function answerVerify(ctx: BotContext, typed: string): Promise<void> {
  const code = normaliseVerificationCode(typed);
  if (!code) {
    await ctx.reply(ctx.t('owner:verify.prompt'));
    return;
  }
  const r = await verifyReceipt(ctx.deps.db, typed);
  if (!r) {
    await ctx.reply(ctx.t('owner:verify.not_found', { code: code.slice(0, 40) }));
    return;
  }
  await ctx.reply(verifiedReceiptText(ctx, r));
}

verifyFeature.command('verify', (ctx) => answerVerify(ctx, ctx.match));
