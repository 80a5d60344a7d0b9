import type { BotContext } from '../../context';
import { Composer } from 'grammy';
import { accountFeature } from './account';
import { bidderFeature } from './bidder';
import { auctionCommand } from './command';
import { refusalFeature } from './refusal';
import { saleFeature } from './sale';
import { salePreviewFeature } from './sale-preview';
import { scheduleFeature } from './schedule';

/**
 * ss. 14-16 after the notice, one file per flow or responsibility:
 * `/auction <case>` (command.ts) — what can be done about the auction now, or its card;
 * scheduling it (schedule.ts); the owner's s. 16 refusal, `/refusal <case>` (refusal.ts); registering a bidder
 * with the s. 19 check (bidder.ts); `/sale <case>`, the results head by head (sale.ts, sale-flow.ts), the
 * preview and Record (sale-preview.ts) and the s. 16 account (account.ts). Buttons: buttons.ts.
 */
export const auctionFeature = new Composer<BotContext>();
auctionFeature.use(
  auctionCommand,
  scheduleFeature,
  refusalFeature,
  bidderFeature,
  saleFeature,
  salePreviewFeature,
  accountFeature,
);
