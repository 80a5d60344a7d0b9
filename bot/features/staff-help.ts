import type { BotContext } from '../context';
import { Composer } from 'grammy';
import type { StaffRoleName } from '../commands';
import { staffCommandList } from '../views/staff-commands';
import { smsOn } from './owner-mobile-words';

/**
 * /help for enrolled staff: after the general help (helpFeature, further down the chain), the commands of
 * their roles with what each does — built from the same table as their command menu (bot/commands.ts
 * BY_ROLE), so the two never disagree. Owners see only the general help.
 */
export const staffHelpFeature = new Composer<BotContext>();

staffHelpFeature.command('help', async (ctx, next) => {
  await next();
  if (ctx.actor.grants.length === 0) return;
  const roles = [...new Set(ctx.actor.grants.map((g) => g.role as StaffRoleName))];
  const list = staffCommandList(ctx, roles);
  // /mobile exists for keepers only where SMS is configured (docs/SMS.md).
  await ctx.reply(smsOn(ctx) && roles.includes('POUND_KEEPER') ? `${list}\n${ctx.t('sms:help')}` : list);
});
