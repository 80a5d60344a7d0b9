import { auctionPlaceIn, type PoundNames } from '../../../src/i18n';
import type { NextDeadline } from '../../../src/services/next-deadline';
import type { BotContext } from '../../context';

/**
 * One line saying what happens next if the owner does nothing (the statute engine's date, with its section).
 * `heads`: the animals still in the pound, so that one animal reads singular ("claim it") even with no count shown.
 * `pound`: the case's pound, so that an auction the officer fixed "at the pound" names it in the reader's language.
 */
export function renderNext(
  ctx: Pick<BotContext, 't' | 'lang'>,
  next: NextDeadline,
  heads?: number,
  pound?: PoundNames & { address: string },
): string {
  const n = heads === undefined ? {} : { count: heads };
  switch (next.kind) {
    case 'claim_by':
    case 'report_due':
    case 'auction_from':
    case 'complaint_by':
    case 'surplus_until':
      return ctx.t(`owner:next.${next.kind}`, { date: next.date, ...n });
    case 's16_sale':
      return ctx.t('owner:next.s16_sale', { date: next.date, saleFrom: next.saleFrom, ...n });
    case 'reported':
      return ctx.t('owner:next.reported', { date: next.date, reportedAt: next.reportedAt.toISOString(), ...n });
    case 'auction_at':
      return ctx.t('owner:next.auction_at', {
        at: next.at.toISOString(),
        place: pound ? auctionPlaceIn(ctx.lang, next.place, pound) : next.place,
        ...n,
      });
    case 'claim_rest':
      return ctx.t('owner:next.claim_rest', n);
    case 'none':
      return ctx.t('owner:next.none');
  }
}
