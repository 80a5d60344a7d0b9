import { poundNameIn } from '../../src/i18n';
import { InlineKeyboard } from 'grammy';
import { CATTLE_CLASS_CODES } from '../../src/law';
import { MAX_HEADS_PER_ENTRY, MAX_FIELD_LENGTH, type HeadGroup } from '../../src/services/register';
import { parseDateTime } from '../../src/services/typed-input';
import { parseCount } from '../../src/services/typed-answers';
import { poundsInScope } from '../../src/services/staff';
import type { BotContext } from '../context';
import { cancelFlow, staleTap } from './officer-common';
import { groupLine, saveEntry, summary } from './register-entry';
import { Feature } from './feature';
import { askLanguage, sealTyped, smsOn, withLanguage } from './owner-mobile-words';
import { paperQuestions } from './register-paper';
import { type RegisterDraft, registerCb, registerFlow } from './register-flow';

/**
 * `/register` — the s. 8 register entry, one question at a time (the flow `register`, bot/flows/flow.ts):
 * pound (if several) → class → count → description(s) → photo (optional) → more classes? → day and hour →
 * time of seizure (default: when brought in; the s. 20 complaint window runs from it) → seizer's name → residence → owner's name (or unknown) → residence → place of seizure → confirm.
 * Any command or /cancel leaves the flow (bot/middleware/leave-flow.ts); nothing is written until "Register" is tapped
 * (register-entry.ts).
 */
export const registerSeizureFeature = new Feature();

type Draft = RegisterDraft;

registerSeizureFeature.command('register', async (ctx) => {
  // Who may: the staff command gate (bot/middleware/staff-commands.ts); the pound's right is checked at Record.
  const scope = poundsInScope(ctx.actor, 'seizure.register');
  const pounds = await ctx.deps.db.pound.findMany({
    where: scope === 'all' ? {} : { id: { in: scope } },
    orderBy: { code: 'asc' },
  });
  if (pounds.length === 0) {
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return;
  }
  if (pounds.length === 1) return askClass(ctx, { groups: [], poundId: pounds[0]!.id }, true);
  registerFlow.enter(ctx, 'pound', { groups: [] });
  const kb = new InlineKeyboard();
  for (const p of pounds)
    kb.text(`${p.code} — ${poundNameIn(ctx.lang, p)}`, registerCb.pound.encode(ctx, { poundId: p.id })).row();
  await ctx.reply(ctx.t('staff:register.ask.pound'), { reply_markup: kb });
});

async function askClass(ctx: BotContext, draft: Draft, first: boolean) {
  registerFlow.enter(ctx, 'class', draft);
  const kb = new InlineKeyboard();
  CATTLE_CLASS_CODES.forEach((code, i) => {
    kb.text(ctx.t(`common:cattle.${code}`), registerCb.cattleClass.encode(ctx, { code }));
    if (i % 3 === 2) kb.row();
  });
  kb.row().text(ctx.t('common:cancel'), registerCb.cancel.encode(ctx, {}));
  await ctx.reply(ctx.t(first ? 'staff:register.ask.class_first' : 'staff:register.ask.class'), { reply_markup: kb });
}

async function askWhen(ctx: BotContext, draft: Draft) {
  registerFlow.enter(ctx, 'when', draft);
  await ctx.reply(ctx.t('staff:register.ask.when'), {
    reply_markup: new InlineKeyboard().text(ctx.t('staff:register.now_button'), registerCb.now.encode(ctx, {})),
  });
}

/** Asks when the cattle were seized; the button keeps the time they were brought in (the usual case: same day). */
async function askSeized(ctx: BotContext, draft: Draft) {
  registerFlow.enter(ctx, 'seized', draft);
  await ctx.reply(
    ctx.t('staff:register.ask.seized', {
      at: draft.impoundedAt!,
      count: ctx.deps.config.S20_COMPLAINT_WINDOW_DAYS,
    }),
    {
      reply_markup: new InlineKeyboard().text(
        ctx.t('staff:register.seized_same_button'),
        registerCb.seizedSame.encode(ctx, {}),
      ),
    },
  );
}

async function askSeizerName(ctx: BotContext, draft: Draft) {
  registerFlow.enter(ctx, 'seizer_name', draft);
  await ctx.reply(ctx.t('staff:register.ask.seizer_name'));
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
  registerFlow.enter(ctx, 'more', draft);
  const kb = new InlineKeyboard()
    .text(ctx.t('staff:register.more_button'), registerCb.more.encode(ctx, {}))
    .row()
    .text(ctx.t('staff:register.done_button'), registerCb.done.encode(ctx, {}));
  await ctx.reply(ctx.t('staff:register.ask.more', { cattle: draft.groups.map((g) => groupLine(ctx, g)).join('\n') }), {
    reply_markup: kb,
  });
}

function finishGroup(draft: Draft, photoFileId: string | null): Draft {
  const group: HeadGroup = {
    cattleClass: draft.cls!,
    count: draft.count!,
    descriptions: draft.descriptions!,
    photoFileId,
  };
  const { cls: _c, count: _n, descriptions: _d, ...rest } = draft;
  return { ...rest, groups: [...draft.groups, group] };
}

registerFlow.tap(registerSeizureFeature, registerCb.cancel, [], cancelFlow);

registerFlow.tap(registerSeizureFeature, registerCb.pound, 'pound', async (ctx, { poundId }, draft) => {
  const scope = poundsInScope(ctx.actor, 'seizure.register');
  if (scope !== 'all' && !scope.includes(poundId)) return staleTap(ctx);
  return askClass(ctx, { ...draft, poundId }, true);
});

registerFlow.tap(registerSeizureFeature, registerCb.cattleClass, 'class', async (ctx, { code }, draft) => {
  if (!CATTLE_CLASS_CODES.includes(code as never)) return staleTap(ctx);
  registerFlow.enter(ctx, 'count', { ...draft, cls: code });
  await ctx.reply(ctx.t('staff:register.ask.count', { cls: ctx.t(`common:cattle.${code}`) }));
});

registerFlow.tap(registerSeizureFeature, registerCb.noPhoto, 'photo', (ctx, _tap, draft) =>
  askMore(ctx, finishGroup(draft, null)),
);
registerFlow.tap(registerSeizureFeature, registerCb.more, 'more', (ctx, _tap, draft) => askClass(ctx, draft, false));
registerFlow.tap(registerSeizureFeature, registerCb.done, 'more', (ctx, _tap, draft) => askWhen(ctx, draft));
registerFlow.tap(registerSeizureFeature, registerCb.now, 'when', (ctx, _tap, draft) =>
  askSeized(ctx, { ...draft, impoundedAt: ctx.deps.clock.now().toISOString() }),
);
registerFlow.tap(registerSeizureFeature, registerCb.seizedSame, 'seized', (ctx, _tap, draft) =>
  askSeizerName(ctx, { ...draft, seizedAt: draft.impoundedAt! }),
);
registerFlow.tap(registerSeizureFeature, registerCb.ownerUnknown, 'owner_name', (ctx, _tap, draft) =>
  askPlace(ctx, { ...draft, ownerName: null, ownerResidence: null }),
);
registerFlow.tap(registerSeizureFeature, registerCb.save, 'confirm', (ctx, _tap, draft) => saveEntry(ctx, draft));

// Telegram sends several sizes of one photo; the last is the largest.
registerFlow.messages(registerSeizureFeature, 'message:photo', {
  photo: (ctx, draft) => askMore(ctx, finishGroup(draft, ctx.msg.photo[ctx.msg.photo.length - 1]!.file_id)),
});

/** With SMS configured, the owner's mobile (optional; SMS about this case only) before the place; otherwise on. */
async function askMobileOrPlace(ctx: BotContext, draft: Draft) {
  if (!smsOn(ctx)) return askPlace(ctx, draft);
  registerFlow.enter(ctx, 'mobile', draft);
  await ctx.reply(ctx.t('sms:ask_number'), { reply_markup: skipMobileKeyboard(ctx) });
}

function skipMobileKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t('sms:skip_button'), registerCb.skipMobile.encode(ctx, {}));
}

registerFlow.tap(registerSeizureFeature, registerCb.skipMobile, 'mobile', (ctx, _tap, draft) => askPlace(ctx, draft));
registerFlow.tap(
  registerSeizureFeature,
  registerCb.mobileLanguage,
  'mobile_language',
  async (ctx, { choice }, draft) => {
    const { mobilePending, ...rest } = draft;
    const mobile = mobilePending ? withLanguage(mobilePending, choice) : null;
    if (!mobile) {
      await ctx.reply(ctx.t('sms:record.dropped'));
      return askPlace(ctx, rest);
    }
    return askPlace(ctx, { ...rest, mobile });
  },
);

async function askPlace(ctx: BotContext, draft: Draft) {
  registerFlow.enter(ctx, 'place', draft);
  await ctx.reply(ctx.t('staff:register.ask.place'));
}

type TextHandler = (ctx: BotContext, draft: Draft, text: string) => Promise<unknown>;

/** The whole entry, to check before "Register". */
async function askConfirm(ctx: BotContext, draft: Draft) {
  registerFlow.enter(ctx, 'confirm', draft);
  const kb = new InlineKeyboard()
    .text(ctx.t('staff:register.save_button'), registerCb.save.encode(ctx, {}))
    .row()
    .text(ctx.t('common:cancel'), registerCb.cancel.encode(ctx, {}));
  await ctx.reply(`${summary(ctx, draft)}\n\n${ctx.t('staff:register.ask.confirm')}`, { reply_markup: kb });
}

// An entry back-dated past the seven days for claiming: the s. 14 steps taken on paper, before "Register".
const paper = paperQuestions(registerSeizureFeature, registerFlow, askConfirm);

/** A typed field of the entry: one line, at most MAX_FIELD_LENGTH characters. */
const field =
  (h: TextHandler): TextHandler =>
  async (ctx, draft, text) => {
    if (text.length > MAX_FIELD_LENGTH) return ctx.reply(ctx.t('staff:register.too_long', { max: MAX_FIELD_LENGTH }));
    return h(ctx, draft, text);
  };

/** A typed day and hour that is not in the future; null after saying why (`key`: when_* or seized_*). */
async function pastTime(ctx: BotContext, text: string, key: 'when' | 'seized'): Promise<Date | null> {
  const at = parseDateTime(text);
  const now = ctx.deps.clock.now();
  if (!at) {
    await ctx.reply(ctx.t(`staff:register.${key}_invalid`, { input: text }));
    return null;
  }
  if (at.getTime() > now.getTime()) {
    await ctx.reply(ctx.t(`staff:register.${key}_future`, { at: at.toISOString(), now: now.toISOString() }));
    return null;
  }
  return at;
}

const handlers: Partial<Record<(typeof registerFlow.steps)[number], TextHandler>> = {
  count: async (ctx, draft, text) => {
    const already = draft.groups.reduce((s, g) => s + g.count, 0);
    const n = parseCount(text, MAX_HEADS_PER_ENTRY - already);
    if (n === null)
      return ctx.reply(ctx.t('staff:register.count_invalid', { input: text, max: MAX_HEADS_PER_ENTRY - already }));
    registerFlow.enter(ctx, 'desc', { ...draft, count: n });
    await ctx.reply(
      ctx.t(n === 1 ? 'staff:register.ask.desc_one' : 'staff:register.ask.desc_many', {
        n,
        // "Describe the 2 buffaloes" / "2 भैंसें": the class in the form its count needs.
        cls: ctx.t(`common:cattle.${draft.cls}`, { count: n }),
      }),
    );
  },
  desc: field(async (ctx, draft, text) => {
    if (!text) return;
    const parts = text
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    // "black; brown; white" for three heads describes each; anything else describes the whole group.
    const descriptions = draft.count! > 1 && parts.length === draft.count ? parts : [text];
    registerFlow.enter(ctx, 'photo', { ...draft, descriptions });
    await ctx.reply(ctx.t('staff:register.ask.photo'), {
      reply_markup: new InlineKeyboard().text(
        ctx.t('staff:register.skip_photo_button'),
        registerCb.noPhoto.encode(ctx, {}),
      ),
    });
  }),
  when: async (ctx, draft, text) => {
    const at = await pastTime(ctx, text, 'when');
    if (at) await askSeized(ctx, { ...draft, impoundedAt: at.toISOString() });
  },
  seized: async (ctx, draft, text) => {
    const at = await pastTime(ctx, text, 'seized');
    if (!at) return;
    if (at.getTime() > new Date(draft.impoundedAt!).getTime())
      return ctx.reply(ctx.t('staff:register.seized_after', { seized: at.toISOString(), at: draft.impoundedAt! }));
    return askSeizerName(ctx, { ...draft, seizedAt: at.toISOString() });
  },
  seizer_name: field(async (ctx, draft, text) => {
    registerFlow.enter(ctx, 'seizer_res', { ...draft, seizerName: text });
    await ctx.reply(ctx.t('staff:register.ask.seizer_res'));
  }),
  seizer_res: field(async (ctx, draft, text) => {
    registerFlow.enter(ctx, 'owner_name', { ...draft, seizerResidence: text });
    await ctx.reply(ctx.t('staff:register.ask.owner_name'), {
      reply_markup: new InlineKeyboard().text(
        ctx.t('staff:register.owner_unknown_button'),
        registerCb.ownerUnknown.encode(ctx, {}),
      ),
    });
  }),
  owner_name: field(async (ctx, draft, text) => {
    registerFlow.enter(ctx, 'owner_res', { ...draft, ownerName: text });
    await ctx.reply(ctx.t('staff:register.ask.owner_res'));
  }),
  owner_res: field((ctx, draft, text) => askMobileOrPlace(ctx, { ...draft, ownerResidence: text })),
  mobile: async (ctx, draft, text) => {
    const pending = await sealTyped(ctx, text, skipMobileKeyboard(ctx));
    if (!pending) return;
    registerFlow.enter(ctx, 'mobile_language', { ...draft, mobilePending: pending });
    await askLanguage(ctx, pending, registerCb.mobileLanguage);
  },
  place: field((ctx, draft, text) => paper.askPaperOrConfirm(ctx, { ...draft, placeOfSeizure: text })),
  ...paper.texts,
};

// Every answer is one line: runs of spaces and line breaks become one space.
registerFlow.texts(
  registerSeizureFeature,
  Object.fromEntries(
    Object.entries(handlers).map(([step, h]) => [
      step,
      (ctx: BotContext, d: Draft, t: string) => h(ctx, d, t.replace(/\s+/g, ' ')),
    ]),
  ),
  (ctx) => ctx.reply(ctx.t('staff:register.use_buttons')),
);
