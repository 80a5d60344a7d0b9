import { z } from 'zod';
import { refusalText } from '../../src/i18n';
import { Refusal } from '../../src/services/refusal';
import {
  MobileVault,
  parseIndianMobile,
  confirmConsentCode,
  sendConsentCode,
  resumeSmsFromChat,
  stopSmsFromChat,
} from '../../src/services/sms';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { Feature } from './feature';
import { smsOn } from './owner-mobile-words';

/**
 * The owner's say over the SMS to his number, from his own chat (the chat that claimed the case): `/sms off` stops
 * them at once — also those already queued, which the sender re-checks when it sends — and withdraws any consent he
 * gave; `/sms on` starts again what a chat stopped; `/sms more` is his own consent to SMS beyond his own case, given
 * by typing back a code sent to his number (flow `owner_sms_more`: number → code). Each is audited. The stop line
 * of every SMS names this command.
 */
export const ownerSmsFeature = new Feature();

const moreFlow = defineFlow('owner_sms_more', { steps: ['number', 'code'], data: z.object({}) });

ownerSmsFeature.command('sms', async (ctx) => {
  if (!ctx.from || !ctx.chat) return;
  if (!smsOn(ctx)) return ctx.reply(ctx.t('sms:off'));
  const word = ctx.match.trim().toLowerCase();
  const who = { telegramUserId: BigInt(ctx.from.id), chatId: ctx.chat.id, now: ctx.deps.clock.now() };
  if (word === 'off') {
    const out = await stopSmsFromChat(ctx.deps.db, who);
    return answer(ctx, out, 'sms:owner.off_done', out.already ? 'sms:owner.off_already' : 'sms:owner.none');
  }
  if (word === 'on')
    return answer(ctx, await resumeSmsFromChat(ctx.deps.db, who), 'sms:owner.on_done', 'sms:owner.on_none');
  if (word === 'more') {
    moreFlow.enter(ctx, 'number', {});
    return ctx.reply(ctx.t('sms:owner.more_ask'));
  }
  return ctx.reply(ctx.t('sms:owner.usage'));
});

moreFlow.texts(ownerSmsFeature, {
  number: async (ctx, _d, text) => {
    const digits = parseIndianMobile(text);
    if (!digits) return ctx.reply(ctx.t('sms:owner.more_invalid'));
    // The number typed is turned into its tag at once: it is kept nowhere, and a code goes only to a number already
    // recorded for a case this chat claimed (the bot sends no SMS to a number it was merely told).
    let out: { masked: string };
    try {
      out = await sendConsentCode(ctx.deps.db, {
        telegramUserId: BigInt(ctx.from.id),
        numberTag: new MobileVault(ctx.deps.config.SMS_DATA_KEY!).tag(digits),
        now: ctx.deps.clock.now(),
      });
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      moreFlow.leave(ctx);
      return ctx.reply(refusalText(ctx.t, e, 'owner'));
    }
    moreFlow.enter(ctx, 'code', {});
    return ctx.reply(ctx.t('sms:owner.code_sent', { masked: out.masked }));
  },
  code: async (ctx, _d, text) => {
    const out = await confirmConsentCode(ctx.deps.db, {
      telegramUserId: BigInt(ctx.from.id),
      chatId: ctx.chat.id,
      typed: text,
      now: ctx.deps.clock.now(),
    });
    if (out.status === 'wrong' && out.left > 0) return ctx.reply(ctx.t('sms:owner.code_wrong', { count: out.left }));
    moreFlow.leave(ctx);
    if (out.status === 'consented') return ctx.reply(ctx.t('sms:owner.consented', { masked: out.masked }));
    return ctx.reply(ctx.t('sms:owner.code_none'));
  },
});

async function answer(
  ctx: BotContext,
  out: { cases: string[]; masked: string[] },
  doneKey: string,
  noneKey: string,
): Promise<unknown> {
  if (out.cases.length === 0) return ctx.reply(ctx.t(noneKey));
  return ctx.reply(ctx.t(doneKey, { cases: out.cases.join(', '), masked: out.masked.join(', ') }));
}
