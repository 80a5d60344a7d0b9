import { InlineKeyboard } from 'grammy';
import type { BotContext } from '../context';
import { headLabel, type HeadChoice } from '../views/owner/claim-heads';
import { ownerCb } from './owner';

/**
 * The owner's "Which of these are yours?" keyboard. Actions: hd <claimId> <headId> toggles a head,
 * hda <claimId> all of them, hdd <claimId> done.
 */
/** One toggle per head (✅ when chosen), then "All of them" and "Done". */
export function headsKeyboard(
  ctx: BotContext,
  claimId: number,
  heads: readonly HeadChoice[],
  chosen: ReadonlySet<number>,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const h of heads) {
    kb.text(
      chosen.has(h.id) ? ctx.t('owner:heads.chosen_mark', { label: headLabel(ctx, h) }) : headLabel(ctx, h),
      ownerCb.toggleHead.encode(ctx, { claimId, headId: h.id }),
    ).row();
  }
  return kb
    .text(ctx.t('owner:heads.all_button'), ownerCb.allHeads.encode(ctx, { claimId }))
    .text(ctx.t('owner:heads.done_button'), ownerCb.headsDone.encode(ctx, { claimId }));
}
