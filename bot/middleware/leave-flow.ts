import { inAnyFlow, leaveAnyFlow } from '../flows/flow';
import { Feature } from '../features/feature';
import { isTypedCancel } from '../../src/services/owner-text';

/** Leaves whatever multi-step flow the chat is in (owner or staff): the flow kernel's one way to leave. */
export { leaveAnyFlow as leaveFlow } from '../flows/flow';

/** The command of a "/command@bot args" text, lower-cased; undefined for a text that is not a command. */
export function commandOf(text: string): string | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('/')) return undefined;
  return trimmed.slice(1).split(/[\s@]/, 1)[0]!.toLowerCase();
}

/**
 * The one place where "any command leaves the flow" (docs/BOT.md, "Flows and commands"). Registered
 * first among the features, so a command is never taken as an answer to a flow's question — whichever flow,
 * owner or staff — and the command then runs on a clean session. /cancel only leaves, and says whether
 * there was anything to leave.
 */
export const leaveFlowOnCommand = new Feature();

leaveFlowOnCommand.on('message:text', async (ctx, next) => {
  const command = commandOf(ctx.msg.text);
  if (command === undefined) {
    // "cancel", "रुको", "rehne do" typed as the whole answer to a flow's question leaves it, as /cancel does.
    if (inAnyFlow(ctx) && isTypedCancel(ctx.msg.text.trim())) {
      leaveAnyFlow(ctx);
      await ctx.reply(ctx.t('common:cancelled'));
      return;
    }
    return next();
  }
  const wasInFlow = inAnyFlow(ctx);
  leaveAnyFlow(ctx);
  if (command === 'cancel') {
    await ctx.reply(ctx.t(wasInFlow ? 'common:cancelled' : 'owner:nothing_to_cancel'));
    return;
  }
  return next();
});
