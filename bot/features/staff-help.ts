import { Composer } from 'grammy';
import { STAFF_COMMANDS, staffCommandsFor, type StaffRoleName } from '../commands';
import type { BotContext } from '../context';

/**
 * /help for enrolled staff: after the general help (helpFeature, further down the chain), the commands of
 * their roles with what each does — built from the same table as their command menu (bot/commands.ts
 * BY_ROLE), so the two never disagree. Owners see only the general help.
 */
export const staffHelpFeature = new Composer<BotContext>();

staffHelpFeature.command('help', async (ctx, next) => {
  await next();
  if (ctx.staff.length === 0) return;
  const roles = [...new Set(ctx.staff.map((g) => g.role as StaffRoleName))];
  const mine = new Set(roles.flatMap((r) => staffCommandsFor(r)));
  const commands = STAFF_COMMANDS.filter((c) => mine.has(c));
  const lines = commands.map((c) => ctx.t('officer:help.line', { command: c, description: ctx.t(`common:commands.${c}`) }));
  await ctx.reply(ctx.t('officer:help.staff', { commands: lines.join('\n') }));
});
