import { auctionWordsIn, poundParams, type Lang } from '../../i18n';
import { toIstDate, isS16Path } from '../../law';
import { duesForCaseAt } from '../dues';
import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder } from './context';
import { followerChats, ownerChats, staffChats } from './recipients';

/**
 * The auction (s. 14, or s. 16 after a refusal) the day before and the morning of: to the officers of the
 * pound, and to the owner if known and whoever follows the case — the last chance to claim, with the dues
 * (s. 13) from the statute engine for a claim on the day of the auction, the day the message names (the day
 * before, also what today costs: the auction day's sum has one more day of feeding). Nothing once the cattle are
 * claimed, released or sold, or the auction cancelled.
 */
function auctionReminder(when: 'day_before' | 'morning'): ReminderBuilder {
  return async (ctx, caseId, now) => {
    const c = await ctx.db.case.findUnique({ where: { id: caseId }, include: { pound: true, auction: true } });
    if (c?.status !== 'AUCTION_SCHEDULED' || !c.auction || c.auction.status !== 'SCHEDULED') return [];
    if (c.auction.scheduledFor.getTime() <= now.getTime()) return [];
    // "Tomorrow" only while it is still the day before in India: an auction fixed for later the same day
    // gets the morning ("today") reminder alone, not both at once.
    if (when === 'day_before' && toIstDate(now) >= toIstDate(c.auction.scheduledFor)) return [];
    // Place and conditions in each reader's language (the officer's button words are recognised in either).
    const t = (l: Lang, k: string) => ctx.translator.t(l, k);
    const en = auctionWordsIn('en', c.auction, c.pound, t);
    const hi = auctionWordsIn('hi', c.auction, c.pound, t);
    // One animal left in the pound reads singular in the owner's message.
    const inPound = await ctx.db.head.count({ where: { caseId, status: 'IMPOUNDED' } });
    const common = {
      number: c.number,
      at: c.auction.scheduledFor.toISOString(),
      place: en.place,
      'place@hi': hi.place,
      ...poundParams(c.pound),
    };
    const out: OutgoingMessage[] = [];
    for (const chatId of await staffChats(ctx.db, c.poundId, ['OFFICER'])) {
      // A s. 16 sale (after a refusal) is under s. 16, held as s. 14 directs; a s. 14 sale is under s. 14.
      out.push({
        chatId,
        key: `jobs:auction.${when}.to_officer${isS16Path(c) ? '_s16' : ''}`,
        params: { ...common, conditions: en.conditions, 'conditions@hi': hi.conditions },
        priority: 'official',
        deskEntry: caseId,
      });
    }
    // The owner as recorded or as he appeared, and whoever follows the case: the same last chance, with the dues.
    // (An officer who follows the case has his own reminder above.)
    const staff = new Set(out.map((m) => m.chatId));
    const followers = (await followerChats(ctx.db, caseId)).filter((chatId) => !staff.has(chatId));
    const owners = [...new Set([...(await ownerChats(ctx.db, caseId)), ...followers])];
    if (owners.length) {
      // Valued at the auction's own time: the owner who comes on the day named, before the sale, pays this.
      const [onAuctionDay, today] = await duesForCaseAt(ctx.db, caseId, [c.auction.scheduledFor, now]);
      for (const chatId of owners) {
        out.push(
          onAuctionDay?.ok && today?.ok
            ? {
                chatId,
                key: `jobs:auction.${when}.to_owner`,
                params: {
                  ...common,
                  count: inPound,
                  amount: onAuctionDay.value.breakdown.totals.totalPaise,
                  asOf: onAuctionDay.value.breakdown.asOfDate,
                  ...(when === 'day_before' ? { today: today.value.breakdown.totals.totalPaise } : {}),
                },
                priority: 'personal',
              }
            : // No scale or rate in force: say so rather than show a wrong amount (the keeper can tell the dues).
              {
                chatId,
                key: `jobs:auction.${when}.to_owner_no_amount`,
                params: { ...common, count: inPound },
                priority: 'personal',
              },
        );
      }
    }
    return out;
  };
}

/** The day before the auction. */
export const auctionDayBeforeMessages = auctionReminder('day_before');
/** The morning of the auction. */
export const auctionMorningMessages = auctionReminder('morning');
