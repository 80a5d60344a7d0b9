import { z } from 'zod';
import { maskMobile, ownerMobilesMasked, recordOwnerMobile } from '../../src/services/sms';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import { Feature } from './feature';
import { caseCommand, finishFlow, useButtons } from './officer-common';
import { askLanguage, sealTyped, smsOn, withLanguage } from './owner-mobile-words';

/**
 * `/mobile <case>` — the keeper records an owner's mobile number for SMS about an existing case, under a function
 * under law (flow `owner_mobile`: number → language → recorded; no consent is asked, every SMS says how to stop).
 * Shows the numbers already recorded, masked. Only when SMS is configured; otherwise the command says SMS is not set up and asks nothing.
 */
export const ownerMobileFeature = new Feature();

const text = z.string();
const mobileFlow = defineFlow('owner_mobile', {
  steps: ['number', 'language'],
  data: z.object({
    caseId: z.number().int(),
    number: text,
    pending: z.object({ cipher: text, numberTag: text, last4: text }).optional(),
  }),
});

const languageCb = callbackCodec('om|lg', ['choice:str']);

caseCommand(ownerMobileFeature, 'mobile', 'sms:mobile.usage', 'seizure.register', async (ctx, c) => {
  if (!smsOn(ctx)) return ctx.reply(ctx.t('sms:off'));
  const known = await ownerMobilesMasked(ctx.deps.db, c.id);
  if (known.length > 0) {
    const list = known
      .map((m) =>
        m.erased
          ? ctx.t('sms:mobile.line_erased')
          : ctx.t(m.stopped ? 'sms:record.line_stopped' : 'sms:mobile.line', {
              masked: m.masked,
              language: ctx.t(`sms:language.${m.language}`),
            }),
      )
      .join('\n');
    await ctx.reply(ctx.t('sms:mobile.list', { number: c.number, list }));
  } else {
    await ctx.reply(ctx.t('sms:mobile.none', { number: c.number }));
  }
  mobileFlow.enter(ctx, 'number', { caseId: c.id, number: c.number });
  await ctx.reply(ctx.t('sms:mobile.ask', { number: c.number }));
});

mobileFlow.texts(
  ownerMobileFeature,
  {
    number: async (ctx, d, typed) => {
      const pending = await sealTyped(ctx, typed);
      if (!pending) return;
      mobileFlow.enter(ctx, 'language', { ...d, pending });
      await askLanguage(ctx, pending, languageCb);
    },
  },
  (ctx) => useButtons(ctx),
);

mobileFlow.tap(ownerMobileFeature, languageCb, 'language', async (ctx: BotContext, { choice }, d) => {
  const mobile = d.pending ? withLanguage(d.pending, choice) : null;
  if (!mobile) {
    mobileFlow.leave(ctx);
    await ctx.reply(ctx.t('sms:record.dropped'));
    return;
  }
  await finishFlow(ctx, 'seizure.register', d.caseId, async (act, c) => {
    const out = await recordOwnerMobile(ctx.deps.db, { caseId: c.id, actor: act, mobile, now: ctx.deps.clock.now() });
    await ctx.reply(
      out.status === 'already'
        ? ctx.t('sms:mobile.already', { masked: maskMobile(mobile.last4), number: c.number })
        : ctx.t('sms:mobile.recorded', {
            number: c.number,
            masked: out.masked,
            language: ctx.t(`sms:language.${mobile.language}`),
          }),
    );
    if (out.stopped && out.status === 'recorded') await ctx.reply(ctx.t('sms:record.stopped_before'));
  });
});
