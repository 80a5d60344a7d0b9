import { Composer, InlineKeyboard, InputFile } from 'grammy';
import QRCode from 'qrcode';
import { callbackSecret, decodeCallback, encodeCallback } from '../../src/callback-data';
import { CATTLE_CLASS_CODES } from '../../src/law';
import { MAX_HEADS_PER_ENTRY, MAX_FIELD_LENGTH, registerSeizure, SeizureEntryError, type HeadGroup } from '../../src/services/register-seizure';
import { parseDateTime } from '../../src/services/typed-input';
import { parseCount } from '../../src/services/typed-answers';
import { may, poundsInScope } from '../../src/services/staff-actor';
import { Refusal } from '../../src/services/refusal';
import type { BotContext } from '../context';
import { leaveFlow } from '../middleware/leave-flow';
import { replyRefusal } from './officer-common';
import { Feature } from './feature';

/**
 * `/register` — the s. 8 register entry, one question at a time (a small state machine in ctx.session):
 * pound (if several) → class → count → description(s) → photo (optional) → more classes? → day and hour →
 * time of seizure (default: when brought in; the s. 20 complaint window runs from it) → seizer's name → residence → owner's name (or unknown) → residence → place of seizure → confirm.
 * Any command or /cancel leaves the flow (bot/middleware/leave-flow.ts); nothing is written until "Register" is tapped.
 */
export const registerSeizureFeature = new Feature();

const FLOW = 'register';

interface Draft {
  poundId?: number;
  groups: HeadGroup[];
  cls?: string;
  count?: number;
  descriptions?: string[];
  impoundedAt?: string;
  seizedAt?: string;
  seizerName?: string;
  seizerResidence?: string;
  ownerName?: string | null;
  ownerResidence?: string | null;
  placeOfSeizure?: string;
}

type Step = 'pound' | 'class' | 'count' | 'desc' | 'photo' | 'more' | 'when' | 'seized' | 'seizer_name' | 'seizer_res' | 'owner_name' | 'owner_res' | 'place' | 'confirm';

const draftOf = (ctx: BotContext): Draft => (ctx.session.data as unknown as Draft | undefined) ?? { groups: [] };
const save = (ctx: BotContext, step: Step, draft: Draft) => {
  ctx.session.flow = FLOW;
  ctx.session.step = step;
  ctx.session.data = draft as unknown as Record<string, unknown>;
};
const cb = (ctx: BotContext, ...args: string[]) => encodeCallback(callbackSecret(ctx.deps.config), 'rg', ...args);

registerSeizureFeature.command('register', async (ctx) => {
  if (!may(ctx.actor, 'seizure.register')) {
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return;
  }
  const scope = poundsInScope(ctx.actor, 'seizure.register');
  const pounds = await ctx.deps.db.pound.findMany({ where: scope === 'all' ? {} : { id: { in: scope } }, orderBy: { code: 'asc' } });
  if (pounds.length === 0) {
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return;
  }
  if (pounds.length === 1) return askClass(ctx, { groups: [], poundId: pounds[0]!.id }, true);
  save(ctx, 'pound', { groups: [] });
  const kb = new InlineKeyboard();
  for (const p of pounds) kb.text(`${p.code} — ${ctx.lang === 'hi' ? p.nameHi : p.name}`, cb(ctx, 'pound', String(p.id))).row();
  await ctx.reply(ctx.t('staff:register.ask.pound'), { reply_markup: kb });
});

async function askClass(ctx: BotContext, draft: Draft, first: boolean) {
  save(ctx, 'class', draft);
  const kb = new InlineKeyboard();
  CATTLE_CLASS_CODES.forEach((code, i) => {
    kb.text(ctx.t(`common:cattle.${code}`), cb(ctx, 'cls', code));
    if (i % 3 === 2) kb.row();
  });
  kb.row().text(ctx.t('common:cancel'), cb(ctx, 'cancel'));
  await ctx.reply(ctx.t(first ? 'staff:register.ask.class_first' : 'staff:register.ask.class'), { reply_markup: kb });
}

async function askWhen(ctx: BotContext, draft: Draft) {
  save(ctx, 'when', draft);
  await ctx.reply(ctx.t('staff:register.ask.when'), { reply_markup: new InlineKeyboard().text(ctx.t('staff:register.now_button'), cb(ctx, 'now')) });
}

/** Asks when the cattle were seized; the button keeps the time they were brought in (the usual case: same day). */
async function askSeized(ctx: BotContext, draft: Draft) {
  save(ctx, 'seized', draft);
  await ctx.reply(ctx.t('staff:register.ask.seized', { at: draft.impoundedAt!, days: ctx.deps.config.S20_COMPLAINT_WINDOW_DAYS }), {
    reply_markup: new InlineKeyboard().text(ctx.t('staff:register.seized_same_button'), cb(ctx, 'seizedsame')),
  });
}

async function askSeizerName(ctx: BotContext, draft: Draft) {
  save(ctx, 'seizer_name', draft);
  await ctx.reply(ctx.t('staff:register.ask.seizer_name'));
}

function groupLine(ctx: BotContext, g: HeadGroup): string {
  const cls = ctx.t(`common:cattle.${g.cattleClass}`);
  return ctx.t('staff:register.group_line', { n: g.count, cls, description: g.descriptions.join('; '), photo: g.photoFileId ? ctx.t('staff:register.with_photo') : '' }).trim();
}

function summary(ctx: BotContext, d: Draft): string {
  const lines = d.groups.map((g) => groupLine(ctx, g));
  const heads = d.groups.reduce((s, g) => s + g.count, 0);
  const unknown = ctx.t('staff:register.not_known');
  return ctx.t('staff:register.summary', {
    cattle: lines.join('\n'),
    heads,
    at: d.impoundedAt ?? '',
    seized: d.seizedAt ?? d.impoundedAt ?? '',
    seizer: [d.seizerName, d.seizerResidence].filter(Boolean).join(', '),
    owner: d.ownerName ? [d.ownerName, d.ownerResidence].filter(Boolean).join(', ') : unknown,
    place: d.placeOfSeizure ?? '',
  });
}

/**
 * Kinds (groups) in one entry: each summary line is at most ~260 characters, so 12 of them keep the
 * confirmation message well under Telegram's 4096-character limit.
 */
export const MAX_GROUPS = 12;

async function askMore(ctx: BotContext, draft: Draft) {
  if (draft.groups.length >= MAX_GROUPS) {
    await ctx.reply(ctx.t('staff:register.groups_full', { max: MAX_GROUPS }));
    return askWhen(ctx, draft);
  }
  save(ctx, 'more', draft);
  const kb = new InlineKeyboard().text(ctx.t('staff:register.more_button'), cb(ctx, 'more')).row().text(ctx.t('staff:register.done_button'), cb(ctx, 'done'));
  await ctx.reply(ctx.t('staff:register.ask.more', { cattle: draft.groups.map((g) => groupLine(ctx, g)).join('\n') }), { reply_markup: kb });
}

function finishGroup(draft: Draft, photoFileId: string | null): Draft {
  const group: HeadGroup = { cattleClass: draft.cls!, count: draft.count!, descriptions: draft.descriptions!, photoFileId };
  const { cls: _c, count: _n, descriptions: _d, ...rest } = draft;
  return { ...rest, groups: [...draft.groups, group] };
}

registerSeizureFeature.callbackQuery(/^rg\|/, async (ctx) => {
  const decoded = decodeCallback(callbackSecret(ctx.deps.config), ctx.callbackQuery.data);
  if (!decoded || ctx.session.flow !== FLOW) {
    await ctx.answerCallbackQuery({ text: ctx.t('common:error.stale_button'), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const [op, arg] = decoded.args;
  const draft = draftOf(ctx);
  const step = ctx.session.step as Step;
  if (op === 'cancel') {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('common:cancelled'));
    return;
  }
  if (op === 'pound' && step === 'pound') {
    const id = Number(arg);
    const scope = poundsInScope(ctx.actor, 'seizure.register');
    if (!Number.isSafeInteger(id) || (scope !== 'all' && !scope.includes(id))) {
      await ctx.reply(ctx.t('common:error.stale_button'));
      return;
    }
    return askClass(ctx, { ...draft, poundId: id }, true);
  }
  if (op === 'cls' && step === 'class' && CATTLE_CLASS_CODES.includes(arg as never)) {
    save(ctx, 'count', { ...draft, cls: arg! });
    await ctx.reply(ctx.t('staff:register.ask.count', { cls: ctx.t(`common:cattle.${arg}`) }));
    return;
  }
  if (op === 'nophoto' && step === 'photo') return askMore(ctx, finishGroup(draft, null));
  if (op === 'more' && step === 'more') return askClass(ctx, draft, false);
  if (op === 'done' && step === 'more') return askWhen(ctx, draft);
  if (op === 'now' && step === 'when') return askSeized(ctx, { ...draft, impoundedAt: ctx.deps.clock.now().toISOString() });
  if (op === 'seizedsame' && step === 'seized') return askSeizerName(ctx, { ...draft, seizedAt: draft.impoundedAt! });
  if (op === 'noowner' && step === 'owner_name') {
    save(ctx, 'place', { ...draft, ownerName: null, ownerResidence: null });
    await ctx.reply(ctx.t('staff:register.ask.place'));
    return;
  }
  if (op === 'save' && step === 'confirm') return saveEntry(ctx, draft);
  await ctx.reply(ctx.t('common:error.stale_button'));
});

registerSeizureFeature.on('message:photo', async (ctx, next) => {
  if (ctx.session.flow !== FLOW || ctx.session.step !== 'photo') return next();
  const sizes = ctx.msg.photo;
  // Telegram sends several sizes of one photo; the last is the largest.
  return askMore(ctx, finishGroup(draftOf(ctx), sizes[sizes.length - 1]!.file_id));
});

registerSeizureFeature.on('message:text', async (ctx, next) => {
  if (ctx.session.flow !== FLOW) return next();
  const text = ctx.msg.text.replace(/\s+/g, ' ').trim();
  const draft = draftOf(ctx);
  const step = ctx.session.step as Step;
  const tooLong = text.length > MAX_FIELD_LENGTH;
  if (tooLong && ['desc', 'seizer_name', 'seizer_res', 'owner_name', 'owner_res', 'place'].includes(step)) {
    await ctx.reply(ctx.t('staff:register.too_long', { max: MAX_FIELD_LENGTH }));
    return;
  }
  switch (step) {
    case 'count': {
      const already = draft.groups.reduce((s, g) => s + g.count, 0);
      const n = parseCount(text, MAX_HEADS_PER_ENTRY - already);
      if (n === null) {
        await ctx.reply(ctx.t('staff:register.count_invalid', { input: text, max: MAX_HEADS_PER_ENTRY - already }));
        return;
      }
      save(ctx, 'desc', { ...draft, count: n });
      await ctx.reply(ctx.t(n === 1 ? 'staff:register.ask.desc_one' : 'staff:register.ask.desc_many', { n, cls: ctx.t(`common:cattle.${draft.cls}`) }));
      return;
    }
    case 'desc': {
      if (!text) return;
      const parts = text.split(';').map((s) => s.trim()).filter(Boolean);
      // "black; brown; white" for three heads describes each; anything else describes the whole group.
      const descriptions = draft.count! > 1 && parts.length === draft.count ? parts : [text];
      save(ctx, 'photo', { ...draft, descriptions });
      await ctx.reply(ctx.t('staff:register.ask.photo'), { reply_markup: new InlineKeyboard().text(ctx.t('staff:register.skip_photo_button'), cb(ctx, 'nophoto')) });
      return;
    }
    case 'when': {
      const at = parseDateTime(text);
      if (!at) {
        await ctx.reply(ctx.t('staff:register.when_invalid', { input: text }));
        return;
      }
      if (at.getTime() > ctx.deps.clock.now().getTime()) {
        await ctx.reply(ctx.t('staff:register.when_future', { at: at.toISOString(), now: ctx.deps.clock.now().toISOString() }));
        return;
      }
      return askSeized(ctx, { ...draft, impoundedAt: at.toISOString() });
    }
    case 'seized': {
      const at = parseDateTime(text);
      const now = ctx.deps.clock.now();
      if (!at) {
        await ctx.reply(ctx.t('staff:register.seized_invalid', { input: text }));
        return;
      }
      if (at.getTime() > now.getTime()) {
        await ctx.reply(ctx.t('staff:register.seized_future', { at: at.toISOString(), now: now.toISOString() }));
        return;
      }
      if (at.getTime() > new Date(draft.impoundedAt!).getTime()) {
        await ctx.reply(ctx.t('staff:register.seized_after', { seized: at.toISOString(), at: draft.impoundedAt! }));
        return;
      }
      return askSeizerName(ctx, { ...draft, seizedAt: at.toISOString() });
    }
    case 'seizer_name':
      save(ctx, 'seizer_res', { ...draft, seizerName: text });
      await ctx.reply(ctx.t('staff:register.ask.seizer_res'));
      return;
    case 'seizer_res':
      save(ctx, 'owner_name', { ...draft, seizerResidence: text });
      await ctx.reply(ctx.t('staff:register.ask.owner_name'), { reply_markup: new InlineKeyboard().text(ctx.t('staff:register.owner_unknown_button'), cb(ctx, 'noowner')) });
      return;
    case 'owner_name':
      save(ctx, 'owner_res', { ...draft, ownerName: text });
      await ctx.reply(ctx.t('staff:register.ask.owner_res'));
      return;
    case 'owner_res':
      save(ctx, 'place', { ...draft, ownerResidence: text });
      await ctx.reply(ctx.t('staff:register.ask.place'));
      return;
    case 'place': {
      const next2 = { ...draft, placeOfSeizure: text };
      save(ctx, 'confirm', next2);
      const kb = new InlineKeyboard().text(ctx.t('staff:register.save_button'), cb(ctx, 'save')).row().text(ctx.t('common:cancel'), cb(ctx, 'cancel'));
      await ctx.reply(`${summary(ctx, next2)}\n\n${ctx.t('staff:register.ask.confirm')}`, { reply_markup: kb });
      return;
    }
    default:
      await ctx.reply(ctx.t('staff:register.use_buttons'));
  }
});

async function saveEntry(ctx: BotContext, d: Draft) {
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
    });
  } catch (e) {
    if (e instanceof Refusal) {
      await replyRefusal(ctx, e, { number: '' });
      return leaveFlow(ctx);
    }
    if (e instanceof SeizureEntryError) {
      await ctx.reply(ctx.t(`staff:register.error.${e.problem}`, { section: ctx.t('common:section', { n: e.section.replace('s. ', '') }) }));
      // A time that has become "future" (clock moved back) or a missing field: start the entry again.
      return leaveFlow(ctx);
    }
    throw e;
  }
  leaveFlow(ctx);
  const c = result.case;
  const poundName = ctx.lang === 'hi' ? c.pound.nameHi : c.pound.name;
  await ctx.reply(ctx.t('staff:register.done', { number: c.number, heads: c.heads.length, pound: poundName, at: c.impoundedAt.toISOString() }));
  await ctx.reply(copyOfEntry(ctx, c, poundName));
  const link = `https://t.me/${botUsername}?start=case_${c.number}`;
  const png = await QRCode.toBuffer(link, { margin: 2, width: 384 });
  await ctx.replyWithPhoto(new InputFile(png, `${c.number}.png`), { caption: ctx.t('staff:register.owner_slip', { number: c.number, link, pound: poundName }) });
}

/** Telegram caps a message at 4096 characters; the copy lists heads grouped, and cuts a very long list. */
const MAX_COPY = 3800;

function copyOfEntry(
  ctx: BotContext,
  c: { number: string; impoundedAt: Date; seizedAt: Date | null; seizerName: string; seizerResidence: string; ownerName: string | null; ownerResidence: string | null; placeOfSeizure: string; heads: Array<{ index: number; cattleClass: string; description: string }> },
  poundName: string,
): string {
  const groups = new Map<string, { cls: string; description: string; indexes: number[] }>();
  for (const h of c.heads) {
    const key = `${h.cattleClass}\u0000${h.description}`;
    const g = groups.get(key) ?? { cls: h.cattleClass, description: h.description, indexes: [] };
    g.indexes.push(h.index);
    groups.set(key, g);
  }
  const lines: string[] = [];
  let used = 0;
  let shown = 0;
  const all = [...groups.values()];
  for (const g of all) {
    const single = g.indexes.length === 1;
    const line = ctx.t(single ? 'staff:register.copy_line_single' : 'staff:register.copy_line', {
      n: g.indexes.length,
      cls: ctx.t(`common:cattle.${g.cls}`),
      description: g.description,
      from: g.indexes[0],
      to: g.indexes[g.indexes.length - 1],
    });
    if (used + line.length > MAX_COPY - 600) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  if (shown < all.length) lines.push(ctx.t('staff:register.copy_more', { n: all.length - shown }));
  const unknown = ctx.t('staff:register.not_known');
  return ctx.t('staff:register.copy', {
    number: c.number,
    pound: poundName,
    heads: c.heads.length,
    cattle: lines.join('\n'),
    at: c.impoundedAt.toISOString(),
    seized: (c.seizedAt ?? c.impoundedAt).toISOString(),
    seizer: `${c.seizerName}, ${c.seizerResidence}`,
    owner: c.ownerName ? [c.ownerName, c.ownerResidence].filter(Boolean).join(', ') : unknown,
    place: c.placeOfSeizure,
  });
}
