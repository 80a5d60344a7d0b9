import { STAFF_COMMANDS, staffCommandsFor, type StaffRoleName } from '../commands';
import type { BotContext } from '../context';

/**
 * The staff commands of the given roles, one line each with what it does — from the same table as the
 * command menus (bot/commands.ts), so the enrolment welcome, /help and the "/" menu never disagree.
 */
export function staffCommandList(ctx: BotContext, roles: readonly StaffRoleName[]): string {
  const mine = new Set(roles.flatMap((r) => staffCommandsFor(r)));
  const lines = STAFF_COMMANDS.filter((c) => mine.has(c)).map((c) =>
    ctx.t('officer:help.line', { command: c, description: ctx.t(`common:commands.${c}`) }),
  );
  return ctx.t('officer:help.staff', { commands: lines.join('\n') });
}
