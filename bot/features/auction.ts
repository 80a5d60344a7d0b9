import { Composer, InlineKeyboard } from 'grammy';
import { cleanPersonName } from '../../src/services/person-name';
import { admittedBidders, checkAuctionTime, checkCanRecordRefusal, checkCanSchedule, heldWithoutBids, recordOwnerRefusal, registerBidder, scheduleAuction } from '../../src/services/auction';
import { Refusal } from '../../src/services/refusal';
import { nextCaseActions, type CaseForLaw } from '../../src/services/case-transition';
import { authorize, type StaffActor } from '../../src/services/staff-actor';
import { auctionEligibleOf } from '../../src/services/notice';
import { parseDateTime, parseRupees } from '../../src/services/typed-input';
import { checkCanRecordSale, previewSale, recordSale, type BidInput } from '../../src/services/sale';
import { deliverAccount, recordAccountOwnerAbsent } from '../../src/services/sale-account';
import { accountParams, carriedOf, storedAccountOf, type StoredAccount, type StoredSaleInputs } from '../../src/services/sale-record';
import type { BotContext } from '../context';
import { Feature } from './feature';
import {
  actFor,
  caseById,
  caseFromArg,
  cb,
  commandArg,
  fitMessage,
  flowData,
  inFlow,
  leaveFlow,
  poundName,
  replyRefusal,
  sectionText,
  setFlow,
  staleTap,
  verifiedTap,
} from './officer-common';

/**
 * `/auction <case>` — schedule the public auction (place, time, conditions, the District Magistrate's
 * direction) — or, s. 14, a further auction for heads no one bid for — record an owner's s. 16 refusal,
 * register bidders (s. 19 declaration and identity check, names matched across scripts).
 * `/refusal <case>` — the pound-keeper (who meets the owner at the pound) or the officer records that the
 * owner appeared and refused or omitted to pay (s. 16).
 * `/sale <case>` — record the results head by head (buyer and price, or "Not sold"), the expenses of sale,
 * and deliver the s. 16 account. Each step is one tap or one line; nothing is written before the final button.
 */
export const auctionFeature = new Feature();

const MAX_TEXT = 300;

interface ScheduleDraft {
  caseId: number;
  number: string;
  at?: string;
  place?: string;
  conditions?: string;
  direction?: string;
}

interface BidderDraft {
  caseId: number;
  number: string;
  name?: string;
  address?: string;
}

interface SaleDraft {
  caseId: number;
  number: string;
  s16: boolean;
  round: number;
  heads: Array<{ id: number; index: number; cls: string; desc: string }>;
  bidders: Array<{ id: number; n: number; name: string }>;
  i: number;
  bids: BidInput[];
  pendingBidder?: number;
  expenses?: number;
  ownerPresent?: boolean;
}

// ---------------------------------------------------------------- /auction

auctionFeature.command('auction', async (ctx) => {
  const c = await caseFromArg(ctx, commandArg(ctx), 'officer:usage.auction');
  if (!c) return;
  const act = await actFor(ctx, 'auction', c);
  if (!act) return;
  await showAuction(ctx, c, act);
});

/** s. 14: heads no one bid for at the last auction, still in the pound (a further auction may be held). */
function unsoldAfterAuction(c: CaseForLaw): number {
  return c.status === 'PARTLY_SOLD' && !c.ownerRefusedAt && c.auction?.status === 'COMPLETED' ? c.heads.filter((h) => h.status === 'IMPOUNDED').length : 0;
}

async function showAuction(ctx: BotContext, c: CaseForLaw, act: StaffActor) {
  const auction = c.auction;
  if (auction?.status === 'SCHEDULED') return showAuctionCard(ctx, c);
  const unsold = unsoldAfterAuction(c);
  if (unsold > 0) {
    try {
      checkCanSchedule(c, act, ctx.deps.clock.now());
    } catch (e) {
      return replyRefusal(ctx, e, c);
    }
    await ctx.reply(ctx.t('officer:auction.intro_round', { number: c.number, heads: unsold }), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.schedule_button'), cb(ctx, 'au', 'sch', c.id)),
    });
    return;
  }
  if (auction?.status === 'COMPLETED') {
    await ctx.reply(ctx.t('officer:auction.completed', { number: c.number }));
    return;
  }
  if (auction?.status === 'CANCELLED') {
    await ctx.reply(ctx.t('officer:auction.cancelled', { number: c.number }));
    return;
  }
  const kb = new InlineKeyboard();
  // The s. 16 refusal button only where the statute engine lets the sender record it now.
  const canRefuse = !c.ownerRefusedAt && nextCaseActions(c, act, 'owner.refusal', ctx.deps.clock.now()).has('REFUSE_TO_PAY');
  try {
    checkCanSchedule(c, act, ctx.deps.clock.now());
  } catch (e) {
    if (!(e instanceof Refusal) || !canRefuse) return replyRefusal(ctx, e, c);
    await replyRefusal(ctx, e, c, { reply_markup: kb.text(ctx.t('officer:auction.refusal_button'), cb(ctx, 'au', 'ref', c.id)) });
    return;
  }
  kb.text(ctx.t('officer:auction.schedule_button'), cb(ctx, 'au', 'sch', c.id));
  if (canRefuse) kb.row().text(ctx.t('officer:auction.refusal_button'), cb(ctx, 'au', 'ref', c.id));
  const intro = c.ownerRefusedAt
    ? ctx.t('officer:auction.intro_s16', { number: c.number, refusedAt: c.ownerRefusedAt.toISOString() })
    : ctx.t('officer:auction.intro_s14', { number: c.number, noticeAt: c.noticePostedAt!.toISOString(), eligibleFrom: auctionEligibleOf(c)!.actionableFrom });
  await ctx.reply(intro, { reply_markup: kb });
}

async function showAuctionCard(ctx: BotContext, c: CaseForLaw) {
  const a = c.auction!;
  const admitted = admittedBidders(a.bidders);
  const lines = a.bidders.map((b) => {
    const n = admitted.find((x) => x.id === b.id)?.number;
    return n ? ctx.t('officer:auction.bidder_line', { n, name: b.name, address: b.address }) : ctx.t('officer:auction.bidder_refused_line', { name: b.name, section: sectionText(ctx, b.refusedSection) });
  });
  const text = [
    ...(a.round > 1 ? [ctx.t('officer:auction.card_round_line', { round: a.round })] : []),
    ctx.t('officer:auction.card', {
      number: c.number,
      section: sectionText(ctx, c.ownerRefusedAt ? 's. 16' : 's. 14'),
      at: a.scheduledFor.toISOString(),
      place: a.place,
      conditions: a.conditions,
      direction: a.directionRef ?? '',
      bidders: lines.length ? lines.join('\n') : ctx.t('officer:auction.no_bidders'),
    }),
  ].join('\n');
  const kb = new InlineKeyboard()
    .text(ctx.t('officer:auction.register_bidder_button'), cb(ctx, 'au', 'bid', c.id))
    .row()
    .text(ctx.t('officer:auction.record_results_button'), cb(ctx, 'au', 'res', c.id));
  // Its time has passed and nothing is recorded: if no one bid at all, the sale is adjourned (s. 14).
  if (heldWithoutBids(c, ctx.deps.clock.now())) kb.row().text(ctx.t('officer:auction.adjourn_button'), cb(ctx, 'au', 'sch', c.id));
  await ctx.reply(fitMessage(text), { reply_markup: kb });
}

async function askAt(ctx: BotContext, c: CaseForLaw) {
  setFlow(ctx, 'auction', 'at', { caseId: c.id, number: c.number } satisfies ScheduleDraft);
  const eligible = auctionEligibleOf(c);
  await ctx.reply(c.ownerRefusedAt || !eligible ? ctx.t('officer:auction.ask_at_s16') : ctx.t('officer:auction.ask_at', { eligibleFrom: eligible.actionableFrom }));
}

async function askPlace(ctx: BotContext, d: ScheduleDraft) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return leaveFlow(ctx);
  setFlow(ctx, 'auction', 'place', { ...d });
  await ctx.reply(ctx.t('officer:auction.ask_place'), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.pound_place_button', { pound: poundName(ctx, c.pound) }), cb(ctx, 'au', 'pp')),
  });
}

async function askConditions(ctx: BotContext, d: ScheduleDraft) {
  setFlow(ctx, 'auction', 'conditions', { ...d });
  await ctx.reply(ctx.t('officer:auction.ask_conditions'), { reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.usual_conditions_button'), cb(ctx, 'au', 'uc')) });
}

async function askDirection(ctx: BotContext, d: ScheduleDraft) {
  setFlow(ctx, 'auction', 'direction', { ...d });
  const orders = await ctx.deps.db.courtOrder.findMany({ where: { caseId: d.caseId, kind: 'AUCTION_DIRECTION' }, orderBy: { id: 'desc' }, take: 3 });
  const kb = new InlineKeyboard();
  for (const o of orders) kb.text(ctx.t('officer:auction.direction_button', { reference: o.reference }), cb(ctx, 'au', 'dir', o.id)).row();
  await ctx.reply(ctx.t('officer:auction.ask_direction'), orders.length ? { reply_markup: kb } : {});
}

async function askScheduleConfirm(ctx: BotContext, d: ScheduleDraft) {
  setFlow(ctx, 'auction', 'confirm', { ...d });
  await ctx.reply(ctx.t('officer:auction.confirm', { number: d.number, at: d.at, place: d.place, conditions: d.conditions, direction: d.direction }), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.record'), cb(ctx, 'au', 'save')).text(ctx.t('common:cancel'), cb(ctx, 'au', 'cancel')),
  });
}

async function askBidderName(ctx: BotContext, c: CaseForLaw) {
  setFlow(ctx, 'bidder', 'name', { caseId: c.id, number: c.number } satisfies BidderDraft);
  await ctx.reply(ctx.t('officer:auction.ask_bidder_name'));
}

async function tooLong(ctx: BotContext, text: string): Promise<boolean> {
  if (text.length <= MAX_TEXT) return false;
  await ctx.reply(ctx.t('officer:input.too_long', { max: MAX_TEXT }));
  return true;
}

auctionFeature.on('message:text', async (ctx, next) => {
  if (ctx.msg.text.startsWith('/')) return next();
  const text = ctx.msg.text.trim();
  if (inFlow(ctx, 'auction')) {
    const d = flowData<ScheduleDraft>(ctx);
    switch (ctx.session.step) {
      case 'at': {
        const now = ctx.deps.clock.now();
        const at = parseDateTime(text, now);
        if (!at) {
          await ctx.reply(ctx.t('officer:input.bad_time', { input: text.slice(0, 40) }));
          return;
        }
        const c = await caseById(ctx, d.caseId);
        if (!c) return leaveFlow(ctx);
        const act = await actFor(ctx, 'auction', c);
        if (!act) return leaveFlow(ctx);
        try {
          checkAuctionTime(c, act, at, now);
        } catch (e) {
          // Stay at this step: the officer can type another time.
          return replyRefusal(ctx, e, c);
        }
        return askPlace(ctx, { ...d, at: at.toISOString() });
      }
      case 'place':
        if (await tooLong(ctx, text)) return;
        return askConditions(ctx, { ...d, place: text });
      case 'conditions':
        if (await tooLong(ctx, text)) return;
        return askDirection(ctx, { ...d, conditions: text });
      case 'direction':
        if (await tooLong(ctx, text)) return;
        return askScheduleConfirm(ctx, { ...d, direction: text });
      default:
        await ctx.reply(ctx.t('officer:input.use_buttons'));
        return;
    }
  }
  if (inFlow(ctx, 'bidder')) {
    const d = flowData<BidderDraft>(ctx);
    if (await tooLong(ctx, text)) return;
    if (ctx.session.step === 'name') {
      // The bidder's name goes on the s. 16 account and the owner's copy: a name, nothing else.
      const name = cleanPersonName(text);
      if (!name) {
        await ctx.reply(ctx.t('officer:input.bad_name'));
        return;
      }
      setFlow(ctx, 'bidder', 'address', { ...d, name });
      await ctx.reply(ctx.t('officer:auction.ask_bidder_address'));
      return;
    }
    if (ctx.session.step === 'address') {
      setFlow(ctx, 'bidder', 'declaration', { ...d, address: text });
      await ctx.reply(ctx.t('officer:auction.ask_declaration', { name: d.name }), {
        reply_markup: new InlineKeyboard()
          .text(ctx.t('officer:auction.declaration_signed_button'), cb(ctx, 'au', 'dy'))
          .text(ctx.t('officer:auction.declaration_not_signed_button'), cb(ctx, 'au', 'dn')),
      });
      return;
    }
    await ctx.reply(ctx.t('officer:input.use_buttons'));
    return;
  }
  if (inFlow(ctx, 'sale')) return saleText(ctx, text);
  if (inFlow(ctx, 'refusal', 'name')) {
    // s. 16: who appeared (owner or agent), checked as any person's name.
    const name = cleanPersonName(text);
    if (!name) {
      await ctx.reply(ctx.t('officer:auction.refusal_name_invalid'));
      return;
    }
    const { caseId } = flowData<{ caseId: number }>(ctx);
    const c = await caseById(ctx, String(caseId));
    if (!c) return;
    setFlow(ctx, 'refusal', 'confirm', { caseId, name });
    await ctx.reply(ctx.t('officer:auction.confirm_refusal', { number: c.number, name }), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:button.yes_record'), cb(ctx, 'au', 'refok', c.id)).text(ctx.t('common:cancel'), cb(ctx, 'au', 'cancel')),
    });
    return;
  }
  if (inFlow(ctx, 'refusal')) {
    await ctx.reply(ctx.t('officer:input.use_buttons'));
    return;
  }
  return next();
});

auctionFeature.callbackQuery(/^au\|/, async (ctx) => {
  const tap = await verifiedTap(ctx);
  if (!tap) return;
  const [op, arg] = tap.args;
  const now = ctx.deps.clock.now();
  // Buttons that start something carry the case id; rights and state are checked again on every tap.
  if (op === 'ref' || op === 'refok' || op === 'sch' || op === 'bid' || op === 'res') {
    const c = await caseById(ctx, arg);
    if (!c) return;
    // s. 16: the refusal may be recorded by the keeper who met the owner at the pound, or by the officer.
    const act = await actFor(ctx, op === 'ref' || op === 'refok' ? 'owner.refusal' : 'auction', c);
    if (!act) return;
    if (op === 'ref') return askRefusal(ctx, c);
    if (op === 'refok') {
      if (!inFlow(ctx, 'refusal', 'confirm') || flowData<{ caseId: number }>(ctx).caseId !== c.id) return staleTap(ctx);
      const appeared = flowData<{ name: string }>(ctx).name;
      leaveFlow(ctx);
      try {
        const r = await recordOwnerRefusal(ctx.deps.db, act, c.id, now, { name: appeared });
        // Whether the owner was told through the bot, or must be told in person (s. 16: section and consequence).
        await ctx.reply(ctx.t(r.ownersTold > 0 ? 'officer:auction.refusal_owner_told' : 'officer:auction.refusal_owner_not_on_bot', { name: r.name, saleFrom: r.saleFrom }));
        if (authorize(act, 'owner.refusal', c.poundId).role === 'POUND_KEEPER') await ctx.reply(ctx.t('officer:auction.refusal_recorded_keeper', { at: r.at.toISOString(), number: r.caseNumber }));
        else {
          await ctx.reply(ctx.t('officer:auction.refusal_recorded', { at: r.at.toISOString() }), {
            reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.schedule_button'), cb(ctx, 'au', 'sch', c.id)),
          });
        }
      } catch (e) {
        await replyRefusal(ctx, e, c);
      }
      return;
    }
    if (op === 'sch') {
      try {
        checkCanSchedule(c, act, now);
      } catch (e) {
        return replyRefusal(ctx, e, c);
      }
      return askAt(ctx, c);
    }
    if (op === 'bid') {
      if (c.auction?.status !== 'SCHEDULED') return replyRefusal(ctx, new Refusal('NO_AUCTION', 's. 14'), c);
      return askBidderName(ctx, c);
    }
    return startSale(ctx, c, act);
  }
  if (op === 'cancel') {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('common:cancelled'));
    return;
  }
  if (inFlow(ctx, 'auction')) {
    const d = flowData<ScheduleDraft>(ctx);
    const step = ctx.session.step;
    if (op === 'pp' && step === 'place') {
      const c = await caseById(ctx, d.caseId);
      if (!c) return leaveFlow(ctx);
      return askConditions(ctx, { ...d, place: `${poundName(ctx, c.pound)}, ${c.pound.address}` });
    }
    if (op === 'uc' && step === 'conditions') return askDirection(ctx, { ...d, conditions: ctx.t('officer:auction.usual_conditions') });
    if (op === 'dir' && step === 'direction') {
      const order = await ctx.deps.db.courtOrder.findFirst({ where: { id: Number(arg), caseId: d.caseId, kind: 'AUCTION_DIRECTION' } });
      if (!order) return staleTap(ctx);
      return askScheduleConfirm(ctx, { ...d, direction: order.reference });
    }
    if (op === 'save' && step === 'confirm') {
      const c = await caseById(ctx, d.caseId);
      if (!c) return leaveFlow(ctx);
      const act = await actFor(ctx, 'auction', c);
      leaveFlow(ctx);
      if (!act) return;
      try {
        const r = await scheduleAuction(ctx.deps.db, act, { caseId: c.id, at: new Date(d.at!), place: d.place ?? '', conditions: d.conditions ?? '', directionRef: d.direction ?? '' }, now);
        await ctx.reply(ctx.t('officer:auction.scheduled', { number: r.caseNumber, at: r.auction.scheduledFor.toISOString(), place: r.auction.place }));
      } catch (e) {
        await replyRefusal(ctx, e, c);
      }
      return;
    }
  }
  if ((inFlow(ctx, 'bidder', 'declaration') && (op === 'dy' || op === 'dn')) || (inFlow(ctx, 'bidder', 'confirm') && op === 'dc')) {
    const d = flowData<BidderDraft>(ctx);
    const c = await caseById(ctx, d.caseId);
    if (!c) return leaveFlow(ctx);
    const act = await actFor(ctx, 'auction', c);
    leaveFlow(ctx);
    if (!act) return;
    try {
      const r = await registerBidder(ctx.deps.db, act, { caseId: c.id, name: d.name ?? '', address: d.address ?? '', declarationSigned: op !== 'dn', confirmedNotStaff: op === 'dc' }, now);
      const kb = new InlineKeyboard().text(ctx.t('officer:auction.register_bidder_button'), cb(ctx, 'au', 'bid', c.id));
      await ctx.reply(
        r.refused ? ctx.t('officer:auction.bidder_refused', { name: r.name, section: sectionText(ctx, 's. 19') }) : ctx.t('officer:auction.bidder_registered', { n: r.number, name: r.name }),
        { reply_markup: kb },
      );
    } catch (e) {
      // s. 19: a name that may be a staff member's short form waits for the officer's confirmation.
      if (e instanceof Refusal && e.code === 'BIDDER_RESEMBLES_STAFF') {
        setFlow(ctx, 'bidder', 'confirm', { ...d });
        await ctx.reply(ctx.t('officer:auction.bidder_resembles', { name: d.name ?? '', staff: String(e.params.staff ?? ''), section: sectionText(ctx, 's. 19') }), {
          reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.confirm_not_staff_button'), cb(ctx, 'au', 'dc')).row().text(ctx.t('officer:auction.register_bidder_button'), cb(ctx, 'au', 'bid', c.id)),
        });
        return;
      }
      await replyRefusal(ctx, e, c);
    }
    return;
  }
  await staleTap(ctx);
});

async function askRefusal(ctx: BotContext, c: CaseForLaw) {
  // s. 16: first who appeared (typed), then the confirmation with the name (auction.ts text handler, step 'name').
  setFlow(ctx, 'refusal', 'name', { caseId: c.id });
  await ctx.reply(ctx.t('officer:auction.ask_refusal_name', { number: c.number }), { reply_markup: new InlineKeyboard().text(ctx.t('common:cancel'), cb(ctx, 'au', 'cancel')) });
}

// ---------------------------------------------------------------- /refusal

auctionFeature.command('refusal', async (ctx) => {
  const c = await caseFromArg(ctx, commandArg(ctx), 'officer:usage.refusal');
  if (!c) return;
  const act = await actFor(ctx, 'owner.refusal', c);
  if (!act) return;
  try {
    checkCanRecordRefusal(c, act, ctx.deps.clock.now());
  } catch (e) {
    return replyRefusal(ctx, e, c, undefined);
  }
  await askRefusal(ctx, c);
});

// ---------------------------------------------------------------- /sale

auctionFeature.command('sale', async (ctx) => {
  const c = await caseFromArg(ctx, commandArg(ctx), 'officer:usage.sale');
  if (!c) return;
  const act = await actFor(ctx, 'auction', c);
  if (!act) return;
  const stored = storedAccountOf(c.auction?.account);
  if (c.auction?.status === 'COMPLETED' && stored) {
    if (stored.delivered) {
      const unsold = unsoldAfterAuction(c);
      const extra = unsold > 0 ? `\n\n${ctx.t('officer:sale.recorded_unsold', { number: c.number, unsold })}` : '';
      await ctx.reply(fitMessage(accountText(ctx, c.number, stored.delivered, stored.inputs) + extra));
      return;
    }
    await ctx.reply(ctx.t('officer:sale.pending_delivery', { number: c.number }), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:sale.deliver_button'), cb(ctx, 'sl', 'dlv', c.id)).row().text(ctx.t('officer:sale.absent_button'), cb(ctx, 'sl', 'abs', c.id)),
    });
    return;
  }
  await startSale(ctx, c, act);
});

/** The s. 16 account (a)–(f) as the officer sees it, with the receipt and anything not recovered. */
export function accountText(ctx: BotContext, number: string, d: StoredAccount, inputs?: StoredSaleInputs): string {
  const p = accountParams(number, d, inputs);
  const lines = [ctx.t('officer:account.body', p)];
  if (Number(p.round) > 1) lines.unshift(ctx.t('officer:account.round_note', p));
  if (Number(p.unrecovered) > 0) lines.push(ctx.t('officer:account.unrecovered', { amount: p.unrecovered }));
  if (d.receiptNumber) lines.push(ctx.t('officer:account.receipt', { receipt: d.receiptNumber }));
  return lines.join('\n');
}

async function startSale(ctx: BotContext, c: CaseForLaw, act: StaffActor) {
  try {
    checkCanRecordSale(c, act, ctx.deps.clock.now());
  } catch (e) {
    return replyRefusal(ctx, e, c);
  }
  const bidders = admittedBidders(c.auction!.bidders);
  if (bidders.length === 0) {
    await ctx.reply(ctx.t('officer:sale.no_bidders', { number: c.number }));
    return;
  }
  const d: SaleDraft = {
    caseId: c.id,
    number: c.number,
    s16: c.ownerRefusedAt != null,
    round: c.auction!.round,
    heads: c.heads.filter((h) => h.status === 'IMPOUNDED').map((h) => ({ id: h.id, index: h.index, cls: h.cattleClass, desc: h.description })),
    bidders: bidders.map((b) => ({ id: b.id, n: b.number, name: b.name })),
    i: 0,
    bids: [],
  };
  await askHead(ctx, d);
}

async function askHead(ctx: BotContext, d: SaleDraft) {
  if (d.i >= d.heads.length) {
    setFlow(ctx, 'sale', 'expenses', { ...d });
    await ctx.reply(ctx.t('officer:sale.ask_expenses'));
    return;
  }
  setFlow(ctx, 'sale', 'head', { ...d });
  const h = d.heads[d.i]!;
  const kb = new InlineKeyboard();
  d.bidders.forEach((b, k) => {
    kb.text(ctx.t('officer:sale.bidder_button', { n: b.n, name: b.name.slice(0, 24) }), cb(ctx, 'sl', 'b', d.i, b.id));
    if (k % 2 === 1) kb.row();
  });
  kb.row().text(ctx.t('officer:sale.not_sold_button'), cb(ctx, 'sl', 'ns', d.i));
  await ctx.reply(ctx.t('officer:sale.ask_head', { i: d.i + 1, n: d.heads.length, cls: ctx.t(`common:cattle.${h.cls}`), description: h.desc }), { reply_markup: kb });
}

async function saleText(ctx: BotContext, text: string) {
  const d = flowData<SaleDraft>(ctx);
  if (ctx.session.step === 'price') {
    const paise = parseRupees(text);
    if (paise === null) {
      await ctx.reply(ctx.t('officer:input.bad_amount', { input: text.slice(0, 40) }));
      return;
    }
    const h = d.heads[d.i]!;
    return askHead(ctx, { ...d, bids: [...d.bids, { headId: h.id, bidderId: d.pendingBidder!, pricePaise: paise }], pendingBidder: undefined, i: d.i + 1 });
  }
  if (ctx.session.step === 'expenses') {
    const paise = parseRupees(text, { allowZero: true });
    if (paise === null) {
      await ctx.reply(ctx.t('officer:input.bad_amount_zero', { input: text.slice(0, 40) }));
      return;
    }
    const next = { ...d, expenses: paise };
    if (d.s16) {
      setFlow(ctx, 'sale', 'owner', next);
      await ctx.reply(ctx.t('officer:sale.ask_owner'), {
        reply_markup: new InlineKeyboard().text(ctx.t('officer:sale.owner_present_button'), cb(ctx, 'sl', 'op')).row().text(ctx.t('officer:sale.owner_absent_button'), cb(ctx, 'sl', 'oa')),
      });
      return;
    }
    return showPreview(ctx, { ...next, ownerPresent: false });
  }
  await ctx.reply(ctx.t('officer:input.use_buttons'));
}

async function showPreview(ctx: BotContext, d: SaleDraft) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return leaveFlow(ctx);
  const act = await actFor(ctx, 'auction', c);
  if (!act) return leaveFlow(ctx);
  let sale;
  let inputs: StoredSaleInputs;
  try {
    ({ sale, inputs } = await previewSale(ctx.deps.db, act, { caseId: c.id, bids: d.bids, saleExpensesPaise: d.expenses ?? 0, ownerPresentAndSigned: d.ownerPresent === true }, ctx.deps.clock.now()));
  } catch (e) {
    leaveFlow(ctx);
    return replyRefusal(ctx, e, c);
  }
  setFlow(ctx, 'sale', 'confirm', { ...d });
  const sold = new Set(sale.sold.lots.map((l) => l.id));
  const lines = d.heads.map((h) => {
    const bid = d.bids.find((b) => b.headId === h.id);
    const cls = ctx.t(`common:cattle.${h.cls}`);
    if (!bid) return ctx.t(d.s16 ? 'officer:sale.line_unsold' : 'officer:sale.line_unsold_s14', { i: h.index, cls });
    const bidder = d.bidders.find((b) => b.id === bid.bidderId);
    return sold.has(`h${h.id}`)
      ? ctx.t('officer:sale.line_sold', { i: h.index, cls, b: bidder?.n ?? '', name: bidder?.name ?? '', price: bid.pricePaise })
      : ctx.t('officer:sale.line_kept', { i: h.index, cls, price: bid.pricePaise });
  });
  const parts = [
    ctx.t('officer:sale.preview', {
      number: d.number,
      lines: lines.join('\n'),
      selection: d.s16
        ? ctx.t('officer:sale.selection_s16', { target: sale.target.totalPaise })
        : sale.remaining.heads > 0
          ? ctx.t('officer:sale.selection_s14_unsold', { unsold: sale.remaining.heads })
          : ctx.t('officer:sale.selection_s14'),
      proceeds: sale.sold.proceedsPaise,
      expenses: sale.target.saleExpensesPaise,
      dues: sale.target.duesPaise,
      balance: sale.split.balancePaise,
    }),
  ];
  if (d.round > 1) parts.push(ctx.t('officer:sale.preview_round', { round: d.round, carried: carriedOf(inputs) }));
  if (!sale.covered) parts.push(ctx.t('officer:sale.shortfall', { shortfall: sale.shortfallPaise }));
  await ctx.reply(fitMessage(parts.join('\n')), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:sale.record_button'), cb(ctx, 'sl', 'save')).text(ctx.t('common:cancel'), cb(ctx, 'sl', 'cancel')),
  });
}

auctionFeature.callbackQuery(/^sl\|/, async (ctx) => {
  const tap = await verifiedTap(ctx);
  if (!tap) return;
  const [op, a1, a2] = tap.args;
  const now = ctx.deps.clock.now();
  if (op === 'dlv' || op === 'abs') {
    const c = await caseById(ctx, a1);
    if (!c) return;
    const act = await actFor(ctx, 'auction', c);
    if (!act) return;
    try {
      // 'abs': the owner is not there — the account is recorded and kept for him (s. 16), surplus held (s. 17).
      const delivered = op === 'abs' ? await recordAccountOwnerAbsent(ctx.deps.db, act, c.id, now) : await deliverAccount(ctx.deps.db, act, c.id, now);
      const kept = op === 'abs' ? `${ctx.t('officer:sale.kept_for_owner', { number: c.number })}\n\n` : '';
      await ctx.reply(fitMessage(`${kept}${accountText(ctx, c.number, delivered)}\n\n${ctx.t('officer:sale.next_split', { number: c.number })}`));
    } catch (e) {
      await replyRefusal(ctx, e, c);
    }
    return;
  }
  if (op === 'cancel') {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('common:cancelled'));
    return;
  }
  if (!inFlow(ctx, 'sale')) return staleTap(ctx);
  const d = flowData<SaleDraft>(ctx);
  const step = ctx.session.step;
  if ((op === 'b' || op === 'ns') && step === 'head' && Number(a1) === d.i) {
    // No bid: on the s. 16 path the head goes back to the owner; on the s. 14 path it stays in the pound
    // for a further auction or the Magistrate's disposal under the proviso.
    if (op === 'ns') return askHead(ctx, { ...d, i: d.i + 1 });
    const bidder = d.bidders.find((b) => b.id === Number(a2));
    if (!bidder) return staleTap(ctx);
    setFlow(ctx, 'sale', 'price', { ...d, pendingBidder: bidder.id });
    await ctx.reply(ctx.t('officer:sale.ask_price', { name: bidder.name, i: d.heads[d.i]!.index }));
    return;
  }
  if ((op === 'op' || op === 'oa') && step === 'owner') return showPreview(ctx, { ...d, ownerPresent: op === 'op' });
  if (op === 'save' && step === 'confirm') {
    const c = await caseById(ctx, d.caseId);
    if (!c) return leaveFlow(ctx);
    const act = await actFor(ctx, 'auction', c);
    leaveFlow(ctx);
    if (!act) return;
    try {
      const r = await recordSale(ctx.deps.db, act, { caseId: c.id, bids: d.bids, saleExpensesPaise: d.expenses ?? 0, ownerPresentAndSigned: d.ownerPresent === true }, now);
      const out = [ctx.t('officer:sale.recorded', { number: r.caseNumber })];
      if (r.delivered) out.push(accountText(ctx, r.caseNumber, r.delivered, r.inputs));
      if (!d.s16 && r.unsoldHeads.length > 0) out.push(ctx.t('officer:sale.recorded_unsold', { number: r.caseNumber, unsold: r.unsoldHeads.length }));
      else if (r.delivered) out.push(ctx.t('officer:sale.next_split', { number: r.caseNumber }));
      else out.push(ctx.t('officer:sale.await_owner', { number: r.caseNumber }));
      await ctx.reply(fitMessage(out.join('\n\n')), r.delivered ? {} : { reply_markup: new InlineKeyboard().text(ctx.t('officer:sale.deliver_button'), cb(ctx, 'sl', 'dlv', c.id)).row().text(ctx.t('officer:sale.absent_button'), cb(ctx, 'sl', 'abs', c.id)) });
    } catch (e) {
      await replyRefusal(ctx, e, c);
    }
    return;
  }
  await staleTap(ctx);
});
