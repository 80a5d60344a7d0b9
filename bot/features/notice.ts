import { Composer, InlineKeyboard } from 'grammy';
import { auctionEligibleOf, checkNotice, missingProclamations, recordNotice, recordProclamations, type NoticeResult, type Proclamation, type ProclamationPlace } from '../../src/services/notice';
import { loadNoticeFacts, noticeParams } from '../../src/services/notice-text';
import { parseDateTime } from '../../src/services/typed-input';
import { Refusal } from '../../src/services/refusal';
import type { CaseForLaw } from '../../src/services/case-transition';
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
  replyRefusal,
  setFlow,
  staleTap,
  verifiedTap,
} from './officer-common';

/**
 * `/notice <case>` — the officer records the s. 14 notice: when it was stuck up (Now or a typed time), an
 * optional photo, then the drum proclamation in the village and the one at the nearest market-place, each
 * with its own place and time — or "Later" for one not yet made; `/notice <case>` again records the rest.
 * Nothing is written before Record. The posting date is the notice date (the 7 days before an auction run
 * from it); the case counts as noticed (NOTICE_POSTED) once both proclamations are recorded.
 */
export const noticeFeature = new Feature();

/** A proclamation in the draft: null = "later" (not made yet). */
interface DraftProclamation {
  place?: string;
  at?: string;
}

interface Draft {
  caseId: number;
  number: string;
  /** True when the notice was posted earlier and only proclamations are being added. */
  existing: boolean;
  /** The proclamations still to ask for, in order. */
  need: ProclamationPlace[];
  postedAt?: string;
  photoFileId?: string | null;
  village?: DraftProclamation | null;
  market?: DraftProclamation | null;
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
  const act = await actFor(ctx, 'notice', c);
  if (!act) return;
  const now = ctx.deps.clock.now();
  try {
    checkNotice(c, act, now);
  } catch (e) {
    if (e instanceof Refusal && e.code === 'ALREADY_DONE' && c.notice) {
      const eligible = auctionEligibleOf(c);
      await ctx.reply(ctx.t('officer:notice.already', { number: c.number, postedAt: c.notice.postedAt.toISOString(), eligibleFrom: eligible?.actionableFrom ?? c.notice.postedAt.toISOString() }));
      return;
    }
    return replyRefusal(ctx, e, c);
  }
  if (c.notice) {
    // Posted earlier; one or both proclamations still to record.
    const need = missingProclamations(c.notice);
    await ctx.reply(ctx.t('officer:notice.pending', { number: c.number, postedAt: c.notice.postedAt.toISOString(), recorded: proclaimedLines(ctx, c), missing: placesText(ctx, need) }));
    return askNext(ctx, { caseId: c.id, number: c.number, existing: true, need, postedAt: c.notice.postedAt.toISOString() });
  }
  setFlow(ctx, 'notice', 'posted_at', { caseId: c.id, number: c.number, existing: false, need: ['village', 'market'] } satisfies Draft);
  for (const text of await noticeTexts(ctx, c)) await ctx.reply(text);
  await ctx.reply(ctx.t('officer:notice.ask_posted', { number: c.number }), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.now'), cb(ctx, 'nt', 'now')) });
});

/** "in the village; at the market" in the reader's language. */
function placesText(ctx: BotContext, places: readonly ProclamationPlace[]): string {
  return places.map((p) => ctx.t(`officer:notice.place_${p}`)).join(ctx.t('officer:notice.and'));
}

/** The proclamations already on record for a case's notice, one line each. */
function proclaimedLines(ctx: BotContext, c: CaseForLaw): string {
  const n = c.notice!;
  const lines = [];
  if (n.proclaimedVillageAt) lines.push(ctx.t('officer:notice.proclaimed_line', { where: ctx.t('officer:notice.place_village'), place: n.proclaimedVillagePlace ?? n.proclaimedWhere ?? '', at: n.proclaimedVillageAt.toISOString() }));
  if (n.proclaimedMarketAt) lines.push(ctx.t('officer:notice.proclaimed_line', { where: ctx.t('officer:notice.place_market'), place: n.proclaimedMarketPlace ?? n.proclaimedWhere ?? '', at: n.proclaimedMarketAt.toISOString() }));
  return lines.length ? lines.join('\n') : ctx.t('officer:notice.none_proclaimed');
}

async function askPhoto(ctx: BotContext, d: Draft) {
  setFlow(ctx, 'notice', 'photo', { ...d });
  await ctx.reply(ctx.t('officer:notice.ask_photo'), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.skip'), cb(ctx, 'nt', 'skip')) });
}

/** The next proclamation to ask about, or the confirmation when none is left. */
async function askNext(ctx: BotContext, d: Draft) {
  const place = d.need.find((p) => d[p] === undefined);
  if (!place) return askConfirm(ctx, d);
  const c = await caseById(ctx, d.caseId);
  if (!c) return leaveFlow(ctx);
  setFlow(ctx, 'notice', `${place}_place`, { ...d });
  // s. 14: the market-place nearest to the place of seizure (recorded with the entry), else the pound's.
  const suggestion = place === 'village' ? c.placeOfSeizure : (c.nearestMarket ?? c.pound.nearestMarket);
  const kb = new InlineKeyboard();
  if (suggestion) kb.text(suggestion.slice(0, 60), cb(ctx, 'nt', place === 'village' ? 'vp' : 'mp')).row();
  kb.text(ctx.t('officer:notice.later_button'), cb(ctx, 'nt', place === 'village' ? 'vl' : 'ml'));
  await ctx.reply(ctx.t(`officer:notice.ask_${place}_place`), { reply_markup: kb });
}

async function askWhen(ctx: BotContext, d: Draft, place: ProclamationPlace) {
  setFlow(ctx, 'notice', `${place}_at`, { ...d });
  const kb = new InlineKeyboard();
  if (!d.existing) kb.text(ctx.t('officer:notice.same_time_button'), cb(ctx, 'nt', 'same'));
  kb.text(ctx.t('officer:button.now'), cb(ctx, 'nt', 'now'));
  await ctx.reply(ctx.t('officer:notice.ask_proclaimed_at', { place: d[place]?.place ?? '' }), { reply_markup: kb });
}

function draftLine(ctx: BotContext, place: ProclamationPlace, p: DraftProclamation | null | undefined): string {
  const where = ctx.t(`officer:notice.place_${place}`);
  return p?.at ? ctx.t('officer:notice.proclaimed_line', { where, place: p.place ?? '', at: p.at }) : ctx.t('officer:notice.not_yet_line', { where });
}

async function askConfirm(ctx: BotContext, d: Draft) {
  const given = d.need.filter((p) => d[p]?.at);
  if (d.existing && given.length === 0) {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('officer:notice.nothing_new', { number: d.number }));
    return;
  }
  setFlow(ctx, 'notice', 'confirm', { ...d });
  const lines = d.need.map((p) => draftLine(ctx, p, d[p]));
  const head = d.existing
    ? ctx.t('officer:notice.confirm_more', { number: d.number })
    : ctx.t('officer:notice.confirm', { number: d.number, postedAt: d.postedAt, photo: ctx.t(d.photoFileId ? 'officer:notice.photo_yes' : 'officer:notice.photo_no') });
  await ctx.reply(`${head}\n${lines.join('\n')}`, {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.record'), cb(ctx, 'nt', 'save')).text(ctx.t('common:cancel'), cb(ctx, 'nt', 'cancel')),
  });
}

/** A typed time: must parse and not be in the future (the service checks it against s. 14 too). */
async function typedTime(ctx: BotContext, text: string): Promise<Date | null> {
  const now = ctx.deps.clock.now();
  const at = parseDateTime(text, now);
  if (!at) {
    await ctx.reply(ctx.t('officer:input.bad_time', { input: text.slice(0, 40) }));
    return null;
  }
  if (at.getTime() > now.getTime()) {
    await replyRefusal(ctx, new Refusal('TIME_IN_FUTURE', null, { at: at.toISOString() }), { number: '' });
    return null;
  }
  return at;
}

function placeOfStep(step: string | undefined): ProclamationPlace | null {
  return step?.startsWith('village_') ? 'village' : step?.startsWith('market_') ? 'market' : null;
}

noticeFeature.on('message:text', async (ctx, next) => {
  if (!inFlow(ctx, 'notice') || ctx.msg.text.startsWith('/')) return next();
  const d = flowData<Draft>(ctx);
  const text = ctx.msg.text.trim();
  const step = ctx.session.step ?? '';
  const place = placeOfStep(step);
  if (step === 'posted_at') {
    const at = await typedTime(ctx, text);
    if (at) await askPhoto(ctx, { ...d, postedAt: at.toISOString() });
    return;
  }
  if (step === 'photo') {
    await ctx.reply(ctx.t('officer:input.photo_or_skip'));
    return;
  }
  if (place && step.endsWith('_place')) {
    if (text.length > MAX_WHERE) {
      await ctx.reply(ctx.t('officer:input.too_long', { max: MAX_WHERE }));
      return;
    }
    return askWhen(ctx, { ...d, [place]: { place: text } }, place);
  }
  if (place && step.endsWith('_at')) {
    const at = await typedTime(ctx, text);
    if (at) await askNext(ctx, { ...d, [place]: { ...d[place], at: at.toISOString() } });
    return;
  }
  await ctx.reply(ctx.t('officer:input.use_buttons'));
});

noticeFeature.on('message:photo', async (ctx, next) => {
  if (!inFlow(ctx, 'notice', 'photo')) return next();
  const largest = ctx.msg.photo[ctx.msg.photo.length - 1];
  await askNext(ctx, { ...flowData<Draft>(ctx), photoFileId: largest?.file_id ?? null });
});

noticeFeature.callbackQuery(/^nt\|/, async (ctx) => {
  const tap = await verifiedTap(ctx);
  if (!tap) return;
  const [op] = tap.args;
  if (!inFlow(ctx, 'notice')) return staleTap(ctx);
  const d = flowData<Draft>(ctx);
  const now = ctx.deps.clock.now().toISOString();
  const step = ctx.session.step ?? '';
  const place = placeOfStep(step);
  if (op === 'cancel') {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('common:cancelled'));
  } else if (op === 'now' && step === 'posted_at') {
    await askPhoto(ctx, { ...d, postedAt: now });
  } else if (op === 'skip' && step === 'photo') {
    await askNext(ctx, { ...d, photoFileId: null });
  } else if ((op === 'vp' && step === 'village_place') || (op === 'mp' && step === 'market_place')) {
    const c = await caseById(ctx, d.caseId);
    if (!c) return leaveFlow(ctx);
    const suggestion = op === 'vp' ? c.placeOfSeizure : (c.nearestMarket ?? c.pound.nearestMarket);
    if (!suggestion) return staleTap(ctx);
    await askWhen(ctx, { ...d, [place!]: { place: suggestion } }, place!);
  } else if ((op === 'vl' && step === 'village_place') || (op === 'ml' && step === 'market_place')) {
    await askNext(ctx, { ...d, [place!]: null });
  } else if ((op === 'same' || op === 'now') && place && step.endsWith('_at') && !(op === 'same' && d.existing)) {
    await askNext(ctx, { ...d, [place]: { ...d[place], at: op === 'same' ? d.postedAt : now } });
  } else if (op === 'save' && step === 'confirm') {
    await save(ctx, d);
  } else {
    await staleTap(ctx);
  }
});

function proclamationOf(p: DraftProclamation | null | undefined): Proclamation | null {
  return p?.at && p.place ? { place: p.place, at: new Date(p.at) } : null;
}

async function save(ctx: BotContext, d: Draft) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return leaveFlow(ctx);
  const act = await actFor(ctx, 'notice', c);
  if (!act) return leaveFlow(ctx);
  leaveFlow(ctx);
  const now = ctx.deps.clock.now();
  const village = proclamationOf(d.village);
  const market = proclamationOf(d.market);
  try {
    const r = d.existing
      ? await recordProclamations(ctx.deps.db, act, { caseId: c.id, village, market }, now)
      : await recordNotice(ctx.deps.db, act, { caseId: c.id, postedAt: new Date(d.postedAt!), photoFileId: d.photoFileId ?? null, village, market }, now);
    await ctx.reply(recordedText(ctx, r));
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
}

function recordedText(ctx: BotContext, r: NoticeResult): string {
  const params = { number: r.caseNumber, postedAt: r.postedAt.toISOString(), eligibleFrom: r.auctionEligible.actionableFrom };
  return r.missing.length === 0 ? ctx.t('officer:notice.recorded', params) : ctx.t('officer:notice.recorded_partial', { ...params, missing: placesText(ctx, r.missing) });
}
