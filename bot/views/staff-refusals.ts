import type { LawError, TransitionRefused } from '../../src/law';
import type { BotContext } from '../context';
import { sectionText } from './text';

export { sectionText };

/** The statute engine's refusal in words: the reason (staff:refusal.<REASON>) and the section that forbids it. */
export function refusalText(ctx: BotContext, error: TransitionRefused | LawError): string {
  const reason = 'reason' in error ? String(error.reason) : error.code;
  const key = ctx.deps.translator.i18n.exists(`staff:refusal.${reason}`, { lng: ctx.lang }) ? `staff:refusal.${reason}` : 'staff:refusal.OTHER';
  return ctx.t(key, { section: sectionText(ctx, error.section) || sectionText(ctx, 's. 19'), code: reason });
}
