import type { BotContext } from '../context';

/**
 * The case a person last opened in this chat (its card, its dues): what an owner's "how much?", "where is it?" or
 * "when is the auction?" refers to (bot/features/owner-words.ts). Kept in the chat's session beside the flow state,
 * and left alone by leaving a flow; written only when it changes (the session is written only when it changed).
 */
export function lastCase(ctx: BotContext): number | null {
  const id = ctx.session.caseId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Notes that this case was opened in this chat — for owners: staff open case after case, and a session written on
 * every one would cost their updates a statement each (the session is written only when it changed).
 */
export function rememberCase(ctx: BotContext, caseId: number): void {
  if (ctx.actor.grants.length > 0) return;
  if (ctx.session.caseId !== caseId) ctx.session.caseId = caseId;
}
