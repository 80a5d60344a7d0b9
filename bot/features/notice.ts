import { Composer, InlineKeyboard } from 'grammy';
import { auctionEligibleOf, checkNotice, recordNotice } from '../../src/services/notice';
import { loadNoticeFacts, noticeParams } from '../../src/services/notice-text';
import { parseIstWhen } from '../../src/services/officer-input';
import { StaffActionError, type CaseForLaw } from '../../src/services/case-transition';
import type { BotContext } from '../context';
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
  replyActionError,
  setFlow,
  staleTap,
  verifiedTap,
} from './officer-common';

/**
 * `/notice <case>` — the officer records the s. 14 notice: when it was stuck up (Now or a typed time),
 * an optional photo, where and when it was proclaimed by beat of drum, then Record. Nothing is written
 * before Record; the notice date starts the 7-day period before an auction.
 */
export const noticeFeature = new Composer<BotContext>();

interface Draft {
  caseId: number;
  number: string;
  postedAt?: string;
  photoFileId?: string | null;
  where?: string;
  proclaimedAt?: string;
}

const MAX_WHERE = 200;

/** The ready notice and drum-proclamation script (the jobs engineer's s. 14 texts), in the officer's language. */
async function noticeTexts(ctx: BotContext, c: CaseForLaw): Promise<string[]> {
  const facts = await loadNoticeFacts(ctx.deps.db, c.id);
  if (!facts) return [];
  const params = noticeParams(ctx.deps.translator, facts, ctx.lang);
  return [fitMessage(ctx.t('jobs:notice.text', params)), fitMessage(ctx.t('jobs:notice.proclamation', params))];
}

noticeFeature.command('notice', async (ctx) => {
  const c = await caseFromArg(ctx, commandArg(ctx), 'officer:usage.notice');
  if (!c) return;
  const act = await actFor(ctx, ['OFFICER'], c);
  if (!act) return;
  const now = ctx.deps.clock.now();
  try {
    checkNotice(c, act, now);
  } catch (e) {
    if (e instanceof StaffActionError && e.code === 'ALREADY_DONE' && c.notice) {
      const eligible = auctionEligibleOf(c);
      await ctx.reply(ctx.t('officer:notice.already', { number: c.number, postedAt: c.notice.postedAt.toISOString(), eligibleFrom: eligible?.actionableFrom ?? c.notice.postedAt.toISOString() }));
      return;
    }
    return replyActionError(ctx, e, c);
  }
  setFlow(ctx, 'notice', 'posted_at', { caseId: c.id, number: c.number } satisfies Draft);
  for (const text of await noticeTexts(ctx, c)) await ctx.reply(text);
  await ctx.reply(ctx.t('officer:notice.ask_posted', { number: c.number }), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.now'), cb(ctx, 'nt', 'now')) });
});

async function askPhoto(ctx: BotContext, d: Draft) {
  setFlow(ctx, 'notice', 'photo', { ...d });
  await ctx.reply(ctx.t('officer:notice.ask_photo'), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.skip'), cb(ctx, 'nt', 'skip')) });
}

async function askWhere(ctx: BotContext, d: Draft) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return leaveFlow(ctx);
  setFlow(ctx, 'notice', 'where', { ...d });
  const market = c.pound.nearestMarket ?? c.placeOfSeizure;
  await ctx.reply(ctx.t('officer:notice.ask_where'), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:notice.where_button', { place: c.placeOfSeizure, market }), cb(ctx, 'nt', 'where')),
  });
}

async function askProclaimedAt(ctx: BotContext, d: Draft) {
  setFlow(ctx, 'notice', 'proclaimed_at', { ...d });
  await ctx.reply(ctx.t('officer:notice.ask_proclaimed_at'), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:notice.same_time_button'), cb(ctx, 'nt', 'same')).text(ctx.t('officer:button.now'), cb(ctx, 'nt', 'now')),
  });
}

async function askConfirm(ctx: BotContext, d: Draft) {
  setFlow(ctx, 'notice', 'confirm', { ...d });
  const photo = ctx.t(d.photoFileId ? 'officer:notice.photo_yes' : 'officer:notice.photo_no');
  await ctx.reply(ctx.t('officer:notice.confirm', { number: d.number, postedAt: d.postedAt, photo, where: d.where, proclaimedAt: d.proclaimedAt }), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.record'), cb(ctx, 'nt', 'save')).text(ctx.t('common:cancel'), cb(ctx, 'nt', 'cancel')),
  });
}

/** A typed time: must parse and not be in the future (the service checks it against s. 14 too). */
async function typedTime(ctx: BotContext, text: string): Promise<Date | null> {
  const now = ctx.deps.clock.now();
  const at = parseIstWhen(text, now);
  if (!at) {
    await ctx.reply(ctx.t('officer:input.bad_time', { input: text.slice(0, 40) }));
    return null;
  }
  if (at.getTime() > now.getTime()) {
    await ctx.reply(ctx.t('officer:error.TIME_IN_FUTURE', { at: at.toISOString() }));
    return null;
  }
  return at;
}

noticeFeature.on('message:text', async (ctx, next) => {
  if (!inFlow(ctx, 'notice') || ctx.msg.text.startsWith('/')) return next();
  const d = flowData<Draft>(ctx);
  const text = ctx.msg.text.trim();
  switch (ctx.session.step) {
    case 'posted_at': {
      const at = await typedTime(ctx, text);
      if (at) await askPhoto(ctx, { ...d, postedAt: at.toISOString() });
      return;
    }
    case 'photo':
      await ctx.reply(ctx.t('officer:input.photo_or_skip'));
      return;
    case 'where':
      if (text.length > MAX_WHERE) {
        await ctx.reply(ctx.t('officer:input.too_long', { max: MAX_WHERE }));
        return;
      }
      await askProclaimedAt(ctx, { ...d, where: text });
      return;
    case 'proclaimed_at': {
      const at = await typedTime(ctx, text);
      if (at) await askConfirm(ctx, { ...d, proclaimedAt: at.toISOString() });
      return;
    }
    default:
      await ctx.reply(ctx.t('officer:input.use_buttons'));
  }
});

noticeFeature.on('message:photo', async (ctx, next) => {
  if (!inFlow(ctx, 'notice', 'photo')) return next();
  const largest = ctx.msg.photo[ctx.msg.photo.length - 1];
  await askWhere(ctx, { ...flowData<Draft>(ctx), photoFileId: largest?.file_id ?? null });
});

noticeFeature.callbackQuery(/^nt\|/, async (ctx) => {
  const tap = await verifiedTap(ctx);
  if (!tap) return;
  const [op] = tap.args;
  if (!inFlow(ctx, 'notice')) return staleTap(ctx);
  const d = flowData<Draft>(ctx);
  const now = ctx.deps.clock.now().toISOString();
  const step = ctx.session.step;
  if (op === 'cancel') {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('common:cancelled'));
  } else if (op === 'now' && step === 'posted_at') {
    await askPhoto(ctx, { ...d, postedAt: now });
  } else if (op === 'skip' && step === 'photo') {
    await askWhere(ctx, { ...d, photoFileId: null });
  } else if (op === 'where' && step === 'where') {
    const c = await caseById(ctx, d.caseId);
    if (!c) return leaveFlow(ctx);
    await askProclaimedAt(ctx, { ...d, where: `${c.placeOfSeizure}; ${c.pound.nearestMarket ?? c.placeOfSeizure}` });
  } else if ((op === 'same' || op === 'now') && step === 'proclaimed_at') {
    await askConfirm(ctx, { ...d, proclaimedAt: op === 'same' ? d.postedAt : now });
  } else if (op === 'save' && step === 'confirm') {
    await save(ctx, d);
  } else {
    await staleTap(ctx);
  }
});

async function save(ctx: BotContext, d: Draft) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return leaveFlow(ctx);
  const act = await actFor(ctx, ['OFFICER'], c);
  if (!act) return leaveFlow(ctx);
  leaveFlow(ctx);
  try {
    const proclaimedAt = new Date(d.proclaimedAt!);
    const r = await recordNotice(
      ctx.deps.db,
      act,
      { caseId: c.id, postedAt: new Date(d.postedAt!), photoFileId: d.photoFileId ?? null, proclaimedWhere: d.where ?? '', proclaimedVillageAt: proclaimedAt, proclaimedMarketAt: proclaimedAt },
      ctx.deps.clock.now(),
    );
    await ctx.reply(ctx.t('officer:notice.recorded', { number: r.caseNumber, postedAt: r.postedAt.toISOString(), eligibleFrom: r.auctionEligible.actionableFrom }));
  } catch (e) {
    await replyActionError(ctx, e, c);
  }
}
