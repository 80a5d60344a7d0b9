import type { BotContext } from '../context';
import { Composer } from 'grammy';
import { isStaffCommand, mayUseCommand } from '../commands';
import { commandOf } from './leave-flow';

/**
 * The one gate of every staff command: the sender's right (bot/commands.ts `COMMAND_RIGHTS`, from the rights
 * table) is checked before the command reads its arguments, so an owner who types /notice, /auction or /orders —
 * with a case number or without — is told the command is for pound staff, never taught its syntax. The command
 * then checks the right at the case's pound, and the service once more inside its transaction.
 */
export const staffCommandGate = new Composer<BotContext>();

staffCommandGate.on('message:text', async (ctx, next) => {
  const command = commandOf(ctx.msg.text);
  if (command === undefined || !isStaffCommand(command) || mayUseCommand(ctx.actor, command)) return next();
  // An official asking for staff administration is told who may do it; anyone else that it is for staff.
  const administration = command === 'enrol' || command === 'staff' || command === 'revoke';
  const key =
    command === 'status'
      ? 'jobs:status.admin_only'
      : administration && ctx.actor.grants.length > 0
        ? 'desk:chat.admin_only'
        : 'common:error.not_allowed';
  await ctx.reply(ctx.t(key));
});
