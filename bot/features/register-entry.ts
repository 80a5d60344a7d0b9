import { slipLink } from '../../src/services/cases';
import { entryCopyText, registerSeizure, type HeadGroup } from '../../src/services/register';
import { poundNameIn, refusalText } from '../../src/i18n';
import { deskUrl } from '../../src/services/desk';
import { InlineKeyboard, InputFile } from 'grammy';
import QRCode from 'qrcode';
import { Refusal } from '../../src/services/refusal';
import type { BotContext } from '../context';
import { leaveAnyFlow } from '../flows/flow';
import { replyRefusal } from './officer-common';
import { mobileLine } from './owner-mobile-words';
import type { RegisterDraft as Draft } from './register-flow';
import { paperSummary, paperTimesOf } from './register-paper';

/**
 * The s. 8 entry's words and its saving (the questions are register-seizure.ts): the summary before "Register",
 * the entry written, the keeper's copy of it and the owner's slip with the case's QR code.
 */

export function groupLine(ctx: BotContext, g: HeadGroup): string {
  const cls = ctx.t(`common:cattle.${g.cattleClass}`);
  return ctx
    .t('staff:register.group_line', {
      n: g.count,
      cls,
      description: g.descriptions.join('; '),
      photo: g.photoFileId ? ctx.t('staff:register.with_photo') : '',
    })
    .trim();
}

export function summary(ctx: BotContext, d: Draft): string {
  const lines = d.groups.map((g) => groupLine(ctx, g));
  const heads = d.groups.reduce((s, g) => s + g.count, 0);
  const unknown = ctx.t('staff:register.not_known');
  const text = ctx.t('staff:register.summary', {
    cattle: lines.join('\n'),
    heads,
    at: d.impoundedAt ?? '',
    seized: d.seizedAt ?? d.impoundedAt ?? '',
    seizer: [d.seizerName, d.seizerResidence].filter(Boolean).join(', '),
    owner: d.ownerName ? [d.ownerName, d.ownerResidence].filter(Boolean).join(', ') : unknown,
    place: d.placeOfSeizure ?? '',
  });
  const withMobile = d.mobile ? `${text}\n${mobileLine(ctx, d.mobile)}` : text;
  const paper = paperSummary(ctx, d);
  return paper ? `${withMobile}\n\n${paper}` : withMobile;
}

export async function saveEntry(ctx: BotContext, d: Draft) {
  const { db, clock, botUsername } = ctx.deps;
  const now = clock.now();
  let result;
  try {
    result = await registerSeizure(db, {
      entry: {
        poundId: d.poundId!,
        groups: d.groups,
        impoundedAt: new Date(d.impoundedAt!),
        seizedAt: d.seizedAt ? new Date(d.seizedAt) : null,
        seizerName: d.seizerName ?? '',
        seizerResidence: d.seizerResidence ?? '',
        ownerName: d.ownerName ?? null,
        ownerResidence: d.ownerResidence ?? null,
        placeOfSeizure: d.placeOfSeizure ?? '',
      },
      actor: ctx.actor,
      now,
      ownerMobile: d.mobile ?? null,
      paperSteps: paperTimesOf(d),
    });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    // A time that has become "future" (clock moved back) or a missing field: start the entry again.
    if (e.code.startsWith('SEIZURE_'))
      await ctx.reply(`${refusalText(ctx.t, e, 'staff')} ${ctx.t('staff:register.start_again')}`);
    else await replyRefusal(ctx, e, { number: '' });
    return leaveAnyFlow(ctx);
  }
  leaveAnyFlow(ctx);
  const c = result.case;
  const poundName = poundNameIn(ctx.lang, c.pound);
  const desk = deskUrl(ctx.deps.config);
  await ctx.reply(
    ctx.t('staff:register.done', {
      number: c.number,
      count: c.heads.length,
      pound: poundName,
      at: c.impoundedAt.toISOString(),
    }),
    // The entry in the staff desk (a web_app button works in a private chat, where staff cards are sent).
    desk ? { reply_markup: new InlineKeyboard().webApp(ctx.t('desk:chat.open_entry'), `${desk}?entry=${c.id}`) } : {},
  );
  await ctx.reply(entryCopyText(ctx.t, c, poundName, MAX_COPY));
  // The slip's QR: the public case page when PUBLIC_URL is set (any phone browser, no Telegram needed), else the bot.
  const link = slipLink(ctx.deps.config.PUBLIC_URL, botUsername, c.number);
  const png = await QRCode.toBuffer(link, { margin: 2, width: 384 });
  await ctx.replyWithPhoto(new InputFile(png, `${c.number}.png`), {
    caption: ctx.t('staff:register.owner_slip', { number: c.number, link, pound: poundName }),
  });
  // The s. 14 steps taken on paper, entered with the entry (register-paper.ts): where the case now stands.
  const paper = result.backEntry;
  if (paper)
    await ctx.reply(
      ctx.t(paper.auctionFrom ? 'staff:paper.done_auction' : 'staff:paper.done', {
        number: paper.caseNumber,
        status: ctx.t(`common:status.${paper.status}`),
        auctionFrom: paper.auctionFrom ?? '',
      }),
    );
}

/** Telegram caps a message at 4096 characters; the copy lists heads grouped, and cuts a very long list. */
const MAX_COPY = 3800;
