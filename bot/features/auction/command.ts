import { isS16Path, s16RefusedAt, salePath } from '../../../src/law';
import { InlineKeyboard } from 'grammy';
import { checkCanSchedule, heldWithoutBids, admittedBidders } from '../../../src/services/sale';
import { nextCaseActions, type CaseForLaw } from '../../../src/services/case-transition';
import { auctionEligibleOf } from '../../../src/services/notice';
import { Refusal } from '../../../src/services/refusal';
import type { StaffActor } from '../../../src/services/staff';
import type { BotContext } from '../../context';
import { caseCommand, fitMessage, replyRefusal, sectionText } from '../officer-common';
import { auctionCb, unsoldAfterAuction } from './buttons';
import { Feature } from '../feature';

/**
 * `/auction <case>`: what can be done about the case's auction now — schedule it (s. 14 after the notice, s. 16
 * after the owner's refusal, or a further round for heads no one bid for), record the s. 16 refusal, or, once
 * scheduled, its card with the bidders and the buttons to register one and to record the results.
 */
export const auctionCommand = new Feature();

caseCommand(auctionCommand, 'auction', 'officer:usage.auction', 'auction', (ctx, c, act) => showAuction(ctx, c, act));

async function showAuction(ctx: BotContext, c: CaseForLaw, act: StaffActor) {
  const auction = c.auction;
  if (auction?.status === 'SCHEDULED') return showAuctionCard(ctx, c);
  const scheduleButton = () => auctionCb.schedule.encode(ctx, { caseId: c.id });
  const unsold = unsoldAfterAuction(c);
  if (unsold > 0) {
    try {
      checkCanSchedule(c, act, ctx.deps.clock.now());
    } catch (e) {
      return replyRefusal(ctx, e, c);
    }
    await ctx.reply(ctx.t('officer:auction.intro_round', { number: c.number, heads: unsold }), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.schedule_button'), scheduleButton()),
    });
    return;
  }
  if (auction?.status === 'COMPLETED' || auction?.status === 'CANCELLED') {
    await ctx.reply(
      ctx.t(auction.status === 'COMPLETED' ? 'officer:auction.completed' : 'officer:auction.cancelled', {
        number: c.number,
      }),
    );
    return;
  }
  const kb = new InlineKeyboard();
  const refusalButton = () => auctionCb.refusal.encode(ctx, { caseId: c.id });
  // The s. 16 refusal button only where the statute engine lets the sender record it now.
  const canRefuse =
    !isS16Path(c) && nextCaseActions(c, act, 'owner.refusal', ctx.deps.clock.now()).has('REFUSE_TO_PAY');
  try {
    checkCanSchedule(c, act, ctx.deps.clock.now());
  } catch (e) {
    if (!(e instanceof Refusal) || !canRefuse) return replyRefusal(ctx, e, c);
    await replyRefusal(ctx, e, c, { reply_markup: kb.text(ctx.t('officer:auction.refusal_button'), refusalButton()) });
    return;
  }
  kb.text(ctx.t('officer:auction.schedule_button'), scheduleButton());
  if (canRefuse) kb.row().text(ctx.t('officer:auction.refusal_button'), refusalButton());
  const refusedAt = s16RefusedAt(c);
  const intro = refusedAt
    ? ctx.t('officer:auction.intro_s16', { number: c.number, refusedAt: refusedAt.toISOString() })
    : ctx.t('officer:auction.intro_s14', {
        number: c.number,
        noticeAt: c.noticePostedAt!.toISOString(),
        eligibleFrom: auctionEligibleOf(c)!.actionableFrom,
      });
  await ctx.reply(intro, { reply_markup: kb });
}

async function showAuctionCard(ctx: BotContext, c: CaseForLaw) {
  const a = c.auction!;
  const admitted = admittedBidders(a.bidders);
  const lines = a.bidders.map((b) => {
    const n = admitted.find((x) => x.id === b.id)?.number;
    return n
      ? ctx.t('officer:auction.bidder_line', { n, name: b.name, address: b.address })
      : ctx.t('officer:auction.bidder_refused_line', { name: b.name, section: sectionText(ctx, b.refusedSection) });
  });
  const text = [
    ...(a.round > 1 ? [ctx.t('officer:auction.card_round_line', { round: a.round })] : []),
    ctx.t('officer:auction.card', {
      number: c.number,
      section: sectionText(ctx, salePath(c)),
      at: a.scheduledFor.toISOString(),
      place: a.place,
      conditions: a.conditions,
      direction: a.directionRef ?? '',
      bidders: lines.length ? lines.join('\n') : ctx.t('officer:auction.no_bidders'),
    }),
  ].join('\n');
  const kb = new InlineKeyboard()
    .text(ctx.t('officer:auction.register_bidder_button'), auctionCb.bidder.encode(ctx, { caseId: c.id }))
    .row()
    .text(ctx.t('officer:auction.record_results_button'), auctionCb.results.encode(ctx, { caseId: c.id }));
  // Its time has passed and nothing is recorded: if no one bid at all, the sale is adjourned (s. 14).
  if (heldWithoutBids(c, ctx.deps.clock.now()))
    kb.row().text(ctx.t('officer:auction.adjourn_button'), auctionCb.schedule.encode(ctx, { caseId: c.id }));
  await ctx.reply(fitMessage(text), { reply_markup: kb });
}
