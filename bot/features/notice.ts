import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import {
  auctionEligibleOf,
  checkNotice,
  missingProclamations,
  recordNotice,
  recordProclamations,
  type NoticeResult,
  type Proclamation,
  type ProclamationPlace,
  loadNoticeFacts,
  noticeParams,
} from '../../src/services/notice';
import { parseDateTime } from '../../src/services/typed-input';
import { Refusal } from '../../src/services/refusal';
import type { CaseForLaw } from '../../src/services/case-transition';
import type { BotContext } from '../context';
import { callbackCodec, type CallbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import {
  cancelFlow,
  caseById,
  caseCommand,
  finishFlow,
  fitMessage,
  replyRefusal,
  staleTap,
  tooLong,
  useButtons,
  askToRecord,
} from './officer-common';
import { Feature } from './feature';

/**
 * `/notice <case>` — the officer records the s. 14 notice: when it was stuck up (Now or a typed time), an
 * optional photo, then the drum proclamation in the village and the one at the nearest market-place, each
 * with its own place and time — or "Later" for one not yet made; `/notice <case>` again records the rest.
 * Nothing is written before Record. The posting date is the notice date (the 7 days before an auction run
 * from it); the case counts as noticed (NOTICE_POSTED) once both proclamations are recorded.
 */
export const noticeFeature = new Feature();

/** A proclamation in the draft: null = "later" (not made yet). */
const draftProclamation = z.object({ place: z.string().optional(), at: z.string().optional() }).nullable().optional();

const noticeFlow = defineFlow('notice', {
  steps: ['posted_at', 'photo', 'village_place', 'village_at', 'market_place', 'market_at', 'confirm'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    /** True when the notice was posted earlier and only proclamations are being added. */
    existing: z.boolean(),
    /** The proclamations still to ask for, in order. */
    need: z.array(z.enum(['village', 'market'])),
    postedAt: z.string().optional(),
    photoFileId: z.string().nullable().optional(),
    village: draftProclamation,
    market: draftProclamation,
  }),
});
type Draft = NonNullable<ReturnType<typeof noticeFlow.data>>;
type DraftProclamation = Draft['village'];

const noticeCb = {
  now: callbackCodec('nt|now'),
  skipPhoto: callbackCodec('nt|skip'),
  villageSuggested: callbackCodec('nt|vp'),
  marketSuggested: callbackCodec('nt|mp'),
  villageLater: callbackCodec('nt|vl'),
  marketLater: callbackCodec('nt|ml'),
  sameTime: callbackCodec('nt|same'),
  save: callbackCodec('nt|save'),
  cancel: callbackCodec('nt|cancel'),
};
const suggestedCb: Record<ProclamationPlace, CallbackCodec<Record<string, never>>> = {
  village: noticeCb.villageSuggested,
  market: noticeCb.marketSuggested,
};
const laterCb: Record<ProclamationPlace, CallbackCodec<Record<string, never>>> = {
  village: noticeCb.villageLater,
  market: noticeCb.marketLater,
};

const MAX_WHERE = 200;

/** The ready notice and drum-proclamation script (the jobs engineer's s. 14 texts), in the officer's language. */
async function noticeTexts(ctx: BotContext, c: CaseForLaw): Promise<string[]> {
  const facts = await loadNoticeFacts(ctx.deps.db, c.id);
  if (!facts) return [];
  const params = noticeParams(ctx.deps.translator, facts, ctx.lang);
  return [fitMessage(ctx.t('jobs:notice.text', params)), fitMessage(ctx.t('jobs:notice.proclamation', params))];
}

caseCommand(noticeFeature, 'notice', 'officer:usage.notice', 'notice', async (ctx, c, act) => {
  const now = ctx.deps.clock.now();
  try {
    checkNotice(c, act, now);
  } catch (e) {
    if (e instanceof Refusal && e.code === 'ALREADY_DONE' && c.notice) {
      const eligible = auctionEligibleOf(c);
      await ctx.reply(
        ctx.t('officer:notice.already', {
          number: c.number,
          postedAt: c.notice.postedAt.toISOString(),
          eligibleFrom: eligible?.actionableFrom ?? c.notice.postedAt.toISOString(),
        }),
      );
      return;
    }
    return replyRefusal(ctx, e, c);
  }
  if (c.notice) {
    // Posted earlier; one or both proclamations still to record.
    const need = missingProclamations(c.notice);
    await ctx.reply(
      ctx.t('officer:notice.pending', {
        number: c.number,
        postedAt: c.notice.postedAt.toISOString(),
        recorded: proclaimedLines(ctx, c),
        missing: placesText(ctx, need),
      }),
    );
    return askNext(ctx, {
      caseId: c.id,
      number: c.number,
      existing: true,
      need,
      postedAt: c.notice.postedAt.toISOString(),
    });
  }
  noticeFlow.enter(ctx, 'posted_at', { caseId: c.id, number: c.number, existing: false, need: ['village', 'market'] });
  for (const text of await noticeTexts(ctx, c)) await ctx.reply(text);
  await ctx.reply(ctx.t('officer:notice.ask_posted', { number: c.number }), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.now'), noticeCb.now.encode(ctx, {})),
  });
});

/** "in the village; at the market" in the reader's language. */
function placesText(ctx: BotContext, places: readonly ProclamationPlace[]): string {
  return places.map((p) => ctx.t(`officer:notice.place_${p}`)).join(ctx.t('officer:notice.and'));
}

/** The proclamations already on record for a case's notice, one line each. */
function proclaimedLines(ctx: BotContext, c: CaseForLaw): string {
  const n = c.notice!;
  const lines = [];
  if (n.proclaimedVillageAt)
    lines.push(
      ctx.t('officer:notice.proclaimed_line', {
        where: ctx.t('officer:notice.place_village'),
        place: n.proclaimedVillagePlace ?? n.proclaimedWhere ?? '',
        at: n.proclaimedVillageAt.toISOString(),
      }),
    );
  if (n.proclaimedMarketAt)
    lines.push(
      ctx.t('officer:notice.proclaimed_line', {
        where: ctx.t('officer:notice.place_market'),
        place: n.proclaimedMarketPlace ?? n.proclaimedWhere ?? '',
        at: n.proclaimedMarketAt.toISOString(),
      }),
    );
  return lines.length ? lines.join('\n') : ctx.t('officer:notice.none_proclaimed');
}

async function askPhoto(ctx: BotContext, d: Draft) {
  noticeFlow.enter(ctx, 'photo', d);
  await ctx.reply(ctx.t('officer:notice.ask_photo'), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.skip'), noticeCb.skipPhoto.encode(ctx, {})),
  });
}

/** The next proclamation to ask about, or the confirmation when none is left. */
async function askNext(ctx: BotContext, d: Draft) {
  const place = d.need.find((p) => d[p] === undefined);
  if (!place) return askConfirm(ctx, d);
  const c = await caseById(ctx, d.caseId);
  if (!c) return noticeFlow.leave(ctx);
  noticeFlow.enter(ctx, `${place}_place`, d);
  // s. 14: the market-place nearest to the place of seizure (recorded with the entry), else the pound's.
  const suggestion = place === 'village' ? c.placeOfSeizure : (c.nearestMarket ?? c.pound.nearestMarket);
  const kb = new InlineKeyboard();
  if (suggestion) kb.text(suggestion.slice(0, 60), suggestedCb[place].encode(ctx, {})).row();
  kb.text(ctx.t('officer:notice.later_button'), laterCb[place].encode(ctx, {}));
  await ctx.reply(ctx.t(`officer:notice.ask_${place}_place`), { reply_markup: kb });
}

async function askWhen(ctx: BotContext, d: Draft, place: ProclamationPlace) {
  noticeFlow.enter(ctx, `${place}_at`, d);
  const kb = new InlineKeyboard();
  if (!d.existing) kb.text(ctx.t('officer:notice.same_time_button'), noticeCb.sameTime.encode(ctx, {}));
  kb.text(ctx.t('officer:button.now'), noticeCb.now.encode(ctx, {}));
  await ctx.reply(ctx.t('officer:notice.ask_proclaimed_at', { place: d[place]?.place ?? '' }), { reply_markup: kb });
}

function draftLine(ctx: BotContext, place: ProclamationPlace, p: DraftProclamation | null | undefined): string {
  const where = ctx.t(`officer:notice.place_${place}`);
  return p?.at
    ? ctx.t('officer:notice.proclaimed_line', { where, place: p.place ?? '', at: p.at })
    : ctx.t('officer:notice.not_yet_line', { where });
}

async function askConfirm(ctx: BotContext, d: Draft) {
  const given = d.need.filter((p) => d[p]?.at);
  if (d.existing && given.length === 0) {
    noticeFlow.leave(ctx);
    await ctx.reply(ctx.t('officer:notice.nothing_new', { number: d.number }));
    return;
  }
  const lines = d.need.map((p) => draftLine(ctx, p, d[p]));
  const head = d.existing
    ? ctx.t('officer:notice.confirm_more', { number: d.number })
    : ctx.t('officer:notice.confirm', {
        number: d.number,
        postedAt: d.postedAt,
        photo: ctx.t(d.photoFileId ? 'officer:notice.photo_yes' : 'officer:notice.photo_no'),
      });
  await askToRecord(ctx, noticeFlow, d, `${head}\n${lines.join('\n')}`, noticeCb.save, noticeCb.cancel);
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

/** A typed place of a proclamation: then its time. */
const typedPlace = (place: ProclamationPlace) => async (ctx: BotContext, d: Draft, text: string) =>
  (await tooLong(ctx, text, MAX_WHERE)) || askWhen(ctx, { ...d, [place]: { place: text } }, place);

/** A typed time of a proclamation: then the next one, or the confirmation. */
const typedAt = (place: ProclamationPlace) => async (ctx: BotContext, d: Draft, text: string) => {
  const at = await typedTime(ctx, text);
  if (at) await askNext(ctx, { ...d, [place]: { ...d[place], at: at.toISOString() } });
};

noticeFlow.texts(
  noticeFeature,
  {
    posted_at: async (ctx, d, text) => {
      const at = await typedTime(ctx, text);
      if (at) await askPhoto(ctx, { ...d, postedAt: at.toISOString() });
    },
    photo: (ctx) => ctx.reply(ctx.t('officer:input.photo_or_skip')),
    village_place: typedPlace('village'),
    market_place: typedPlace('market'),
    village_at: typedAt('village'),
    market_at: typedAt('market'),
  },
  useButtons,
);

noticeFlow.messages(noticeFeature, 'message:photo', {
  photo: (ctx, d) => askNext(ctx, { ...d, photoFileId: ctx.msg.photo[ctx.msg.photo.length - 1]?.file_id ?? null }),
});

noticeFlow.tap(noticeFeature, noticeCb.cancel, [], cancelFlow);
noticeFlow.tap(noticeFeature, noticeCb.skipPhoto, 'photo', (ctx, _tap, d) => askNext(ctx, { ...d, photoFileId: null }));
noticeFlow.tap(noticeFeature, noticeCb.now, ['posted_at', 'village_at', 'market_at'], async (ctx, _tap, d) => {
  const now = ctx.deps.clock.now().toISOString();
  const place = placeOfStep(noticeFlow.step(ctx));
  return place ? askNext(ctx, { ...d, [place]: { ...d[place], at: now } }) : askPhoto(ctx, { ...d, postedAt: now });
});
noticeFlow.tap(noticeFeature, noticeCb.sameTime, ['village_at', 'market_at'], async (ctx, _tap, d) => {
  const place = placeOfStep(noticeFlow.step(ctx))!;
  return d.existing ? staleTap(ctx) : askNext(ctx, { ...d, [place]: { ...d[place], at: d.postedAt } });
});
for (const place of ['village', 'market'] as const) {
  // s. 14: the place of seizure for the village, the nearest market-place (the entry's, else the pound's).
  noticeFlow.tap(noticeFeature, suggestedCb[place], `${place}_place`, async (ctx, _tap, d) => {
    const c = await caseById(ctx, d.caseId);
    if (!c) return noticeFlow.leave(ctx);
    const suggestion = place === 'village' ? c.placeOfSeizure : (c.nearestMarket ?? c.pound.nearestMarket);
    if (!suggestion) return staleTap(ctx);
    await askWhen(ctx, { ...d, [place]: { place: suggestion } }, place);
  });
  noticeFlow.tap(noticeFeature, laterCb[place], `${place}_place`, (ctx, _tap, d) =>
    askNext(ctx, { ...d, [place]: null }),
  );
}
noticeFlow.tap(noticeFeature, noticeCb.save, 'confirm', (ctx, _tap, d) => save(ctx, d));

function placeOfStep(step: string | undefined): ProclamationPlace | null {
  return step?.startsWith('village_') ? 'village' : step?.startsWith('market_') ? 'market' : null;
}

function proclamationOf(p: DraftProclamation | null | undefined): Proclamation | null {
  return p?.at && p.place ? { place: p.place, at: new Date(p.at) } : null;
}

async function save(ctx: BotContext, d: Draft) {
  const village = proclamationOf(d.village);
  const market = proclamationOf(d.market);
  return finishFlow(ctx, 'notice', d.caseId, async (act, c) => {
    const now = ctx.deps.clock.now();
    const r = d.existing
      ? await recordProclamations(ctx.deps.db, act, { caseId: c.id, village, market }, now)
      : await recordNotice(
          ctx.deps.db,
          act,
          { caseId: c.id, postedAt: new Date(d.postedAt!), photoFileId: d.photoFileId ?? null, village, market },
          now,
        );
    await ctx.reply(recordedText(ctx, r));
  });
}

function recordedText(ctx: BotContext, r: NoticeResult): string {
  const params = {
    number: r.caseNumber,
    postedAt: r.postedAt.toISOString(),
    eligibleFrom: r.auctionEligible.actionableFrom,
  };
  return r.missing.length === 0
    ? ctx.t('officer:notice.recorded', params)
    : ctx.t('officer:notice.recorded_partial', { ...params, missing: placesText(ctx, r.missing) });
}
