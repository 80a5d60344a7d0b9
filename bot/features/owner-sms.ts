import { resumeSmsFromChat, stopSmsFromChat } from '../../src/services/sms/owner-say';
import type { BotContext } from '../context';
import { Feature } from './feature';
import { smsOn } from './owner-mobile-words';

/**
 * The owner's say over the SMS to his number, from his own chat (the chat that claimed the case): `/sms off` stops
 * them at once — also those already queued, which the sender re-checks when it sends — and `/sms on` starts again
 * what a chat stopped. Each is audited. The stop line of every SMS names this command.
 */
export const ownerSmsFeature = new Feature();

ownerSmsFeature.command('sms', async (ctx) => {
  if (!ctx.from || !ctx.chat) return;
  if (!smsOn(ctx)) return ctx.reply(ctx.t('sms:off'));
  const word = ctx.match.trim().toLowerCase();
  const who = { telegramUserId: BigInt(ctx.from.id), chatId: ctx.chat.id, now: ctx.deps.clock.now() };
  if (word === 'off')
    return answer(ctx, await stopSmsFromChat(ctx.deps.db, who), 'sms:owner.off_done', 'sms:owner.none');
  if (word === 'on')
    return answer(ctx, await resumeSmsFromChat(ctx.deps.db, who), 'sms:owner.on_done', 'sms:owner.on_none');
  return ctx.reply(ctx.t('sms:owner.usage'));
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
