import type { LawError, TransitionRefused } from '../../src/law';
import type { Grant, Via } from '../../src/services/staff-scope';
import type { BotContext } from '../context';
import { sectionText } from './text';

export { sectionText };

/** The statute engine's refusal in words: the reason (staff:refusal.<REASON>) and the section that forbids it. */
export function refusalText(ctx: BotContext, error: TransitionRefused | LawError): string {
  const reason = 'reason' in error ? String(error.reason) : error.code;
  const key = ctx.deps.translator.i18n.exists(`staff:refusal.${reason}`, { lng: ctx.lang }) ? `staff:refusal.${reason}` : 'staff:refusal.OTHER';
  return ctx.t(key, { section: sectionText(ctx, error.section) || sectionText(ctx, 's. 19'), code: reason });
}

/** The sender's grants in the services' shape. */
export function grantsOf(ctx: BotContext): Grant[] {
  return ctx.staff.map((g) => ({ staffId: g.staffId, role: g.role, name: g.name, poundIds: g.poundIds }));
}

/** Which Telegram message an action came through (for the audit log). */
export function viaOf(ctx: BotContext): Via {
  const message = ctx.callbackQuery?.message ?? ctx.message;
  return { telegramId: BigInt(ctx.from!.id), chatId: ctx.chat?.id ?? null, messageId: message?.message_id ?? null };
}

