import { isStaffCommand, mayUseCommand } from '../commands';
import { Feature } from '../features/feature';
import { commandOf } from './leave-flow';

/**
 * The one gate of every staff command: the sender's right (bot/commands.ts `COMMAND_RIGHTS`, from the rights
 * table) is checked before the command reads its arguments, so an owner who types /notice, /auction or /orders —
 * with a case number or without — is told the command is for pound staff, never taught its syntax. The command
 * then checks the right at the case's pound, and the service once more inside its transaction.
 */
export const staffCommandGate = new Feature();

staffCommandGate.on('message:text', async (ctx, next) => {
  const command = commandOf(ctx.msg.text);
  if (command === undefined || !isStaffCommand(command) || mayUseCommand(ctx.actor, command)) return next();
  await ctx.reply(ctx.t(command === 'status' ? 'jobs:status.admin_only' : 'common:error.not_allowed'));
});
