import type { NextDeadline } from '../../../src/services/next-deadline';
import type { BotContext } from '../../context';

/** One line saying what happens next if the owner does nothing (the statute engine's date, with its section). */
export function renderNext(ctx: BotContext, next: NextDeadline): string {
  switch (next.kind) {
    case 'claim_by':
    case 'report_due':
    case 'auction_from':
    case 'complaint_by':
    case 'surplus_until':
      return ctx.t(`owner:next.${next.kind}`, { date: next.date });
    case 's16_sale':
      return ctx.t('owner:next.s16_sale', { date: next.date, saleFrom: next.saleFrom });
    case 'reported':
      return ctx.t('owner:next.reported', { date: next.date, reportedAt: next.reportedAt.toISOString() });
    case 'auction_at':
      return ctx.t('owner:next.auction_at', { at: next.at.toISOString(), place: next.place });
    case 'claim_rest':
      return ctx.t('owner:next.claim_rest');
    case 'none':
      return ctx.t('owner:next.none');
  }
}
