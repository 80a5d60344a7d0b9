import type { LawError } from '../../../src/law';
import type { BotContext } from '../../context';
import { sectionText } from './text';

/**
 * Why the law refuses an owner's step, in words, with the section: "its status is 'Sold at auction'
 * (s. 16)". Reasons the owner can meet have their own text; anything else reads "not at this stage".
 */
export function ownerRefusal(
  ctx: BotContext,
  error: LawError,
  caseStatus: string,
): { reason: string; section: string } {
  const reason = (error as { reason?: string }).reason ?? error.code;
  const details = error.details as Record<string, unknown>;
  let text: string;
  switch (reason) {
    case 'WRONG_STATUS':
      text = ctx.t('owner:refusal.WRONG_STATUS', { status: ctx.t(`common:status.${caseStatus}`) });
      break;
    case 'COMPLAINT_WINDOW_CLOSED': {
      const date =
        typeof details.lastDay === 'string'
          ? details.lastDay
          : typeof details.windowEnd === 'string'
            ? details.windowEnd
            : null;
      text = date ? ctx.t('owner:refusal.COMPLAINT_WINDOW_CLOSED', { date }) : ctx.t('owner:refusal.OTHER');
      break;
    }
    case 'BEFORE_IMPOUNDING':
      text = ctx.t('owner:refusal.BEFORE_IMPOUNDING');
      break;
    default:
      text = ctx.t('owner:refusal.OTHER');
  }
  return { reason: text, section: sectionText(ctx, error.section) || sectionText(ctx, 's. 13') };
}
