import { InlineKeyboard, type Filter, Composer } from 'grammy';
import { z } from 'zod';
import { refusalText } from '../../src/i18n';
import { cleanReference, protestCasesOf, recordComplaint, type ComplaintResult } from '../../src/services/complaints';
import { isRefusal, Refusal } from '../../src/services/refusal';
import { findCaseById, findCaseByNumber } from '../../src/services/cases';
import { windowsFromConfig } from '../../src/services/dues';
import { findDate } from '../../src/services/typed-input';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { showCaseByNumber } from './case';

/**
 * /complaint (s. 20): after a deposit under protest (s. 15) the owner records the complaint made to the
 * Magistrate — its reference and the date it was filed — within the configured window. Only the
 * depositor may record it; the outcome, when the Magistrate's office records it, shows on the case card
 * and in /mycases.
 */
export const complaintFeature = new Composer<BotContext>();

const complaintFlow = defineFlow('owner_complaint', {
  steps: ['reference', 'date'],
  data: z.object({ caseId: z.number().int().positive(), number: z.string().min(1), reference: z.string().optional() }),
});
const stale = (ctx: BotContext) => ({ text: ctx.t('common:error.stale_button'), alert: true });

async function askReference(ctx: BotContext, caseId: number, number: string): Promise<void> {
  complaintFlow.enter(ctx, 'reference', { caseId, number });
  await ctx.reply(ctx.t('owner:complaint.ask_reference', { number }));
}

complaintFeature.command('complaint', async (ctx) => {
  if (!ctx.from) return;
  const arg = ctx.match.trim();
  const mine = await protestCasesOf(ctx.deps.db, BigInt(ctx.from.id));
  if (arg) {
    const c = await findCaseByNumber(ctx.deps.db, arg);
    if (!c) return showCaseByNumber(ctx, arg);
    if (!mine.some((m) => m.id === c.id)) {
      await ctx.reply(
        refusalText(ctx.t, new Refusal('COMPLAINT_NOT_DEPOSITOR', 's. 20'), 'owner', { number: c.number }),
      );
      return;
    }
    return askReference(ctx, c.id, c.number);
  }
  if (mine.length === 0) {
    await ctx.reply(ctx.t('owner:complaint.none'));
    return;
  }
  if (mine.length === 1) return askReference(ctx, mine[0]!.id, mine[0]!.number);
  const kb = new InlineKeyboard();
  for (const c of mine.slice(0, 10))
    kb.text(
      ctx.t('owner:complaint.case_button', { number: c.number }),
      ownerCb.complaint.encode(ctx, { caseId: c.id }),
    ).row();
  await ctx.reply(ctx.t('owner:complaint.choose'), { reply_markup: kb });
});

onAction(complaintFeature, ownerCb.complaint, async (ctx, { caseId }) => {
  const c = await findCaseById(ctx.deps.db, caseId);
  if (!c) return stale(ctx);
  await askReference(ctx, c.id, c.number);
});

complaintFlow.texts(complaintFeature, {
  reference: async (ctx, data, text) => {
    const reference = cleanReference(text);
    if (!reference) return ctx.reply(ctx.t('owner:complaint.reference_invalid'));
    complaintFlow.enter(ctx, 'date', { ...data, reference });
    await ctx.reply(ctx.t('owner:complaint.ask_date'));
  },
  date: (ctx, data, text) => recordTyped(ctx, data, text),
});

async function recordTyped(
  ctx: Filter<BotContext, 'message:text'>,
  data: { caseId: number; number: string; reference?: string },
  text: string,
) {
  const found = findDate(text, ctx.deps.clock.now(), 'past');
  if (!found) {
    await ctx.reply(ctx.t('owner:complaint.date_invalid', { input: text.trim().slice(0, 40) }));
    return;
  }
  const reference = String(data.reference ?? '');
  const number = data.number;
  let r: ComplaintResult;
  try {
    r = await recordComplaint(ctx.deps.db, windowsFromConfig(ctx.deps.config), {
      caseId: data.caseId,
      telegramUserId: BigInt(ctx.from.id),
      reference,
      filedOn: found.date,
      now: ctx.deps.clock.now(),
      chatId: ctx.chat?.id ?? null,
      messageId: ctx.msg.message_id,
    });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    // A mistyped date (future, before the seizure): stay in the step so the owner can send the right one.
    if (!isRefusal(e, 'COMPLAINT_FUTURE_DATE', 'COMPLAINT_BEFORE_SEIZURE')) complaintFlow.leave(ctx);
    await ctx.reply(refusalText(ctx.t, e, 'owner', { number }));
    return;
  }
  complaintFlow.leave(ctx);
  if (r.kind === 'recorded')
    await ctx.reply(ctx.t('owner:complaint.recorded', { reference, date: found.date, number }));
  else await ctx.reply(ctx.t('owner:complaint.already', { reference, number }));
}
