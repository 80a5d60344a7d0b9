import { InlineKeyboard } from 'grammy';
import { poundsInScope } from '../../src/services/staff';
import { paymentCb } from './confirm-payment';
import { paiseOf } from '../../src/db';
import { Feature } from './feature';

/** Most payments listed in one message (Telegram caps a message at 4096 characters). */
export const PENDING_LIST_LIMIT = 20;
/** Payments given confirm/reject buttons under the list (the rest: reply to their cards). */
export const PENDING_BUTTON_LIMIT = 8;

/** `/pending` — payments and deposits of the keeper's pounds awaiting confirmation, oldest first. */
export const pendingFeature = new Feature();

pendingFeature.command('pending', async (ctx) => {
  // Who may: the staff command gate (bot/middleware/staff-commands.ts) let only holders of payment.confirm through.
  const scope = poundsInScope(ctx.actor, 'payment.confirm');
  const where = { status: 'PENDING' as const, ...(scope === 'all' ? {} : { case: { poundId: { in: scope } } }) };
  const [total, payments] = await Promise.all([
    ctx.deps.db.payment.count({ where }),
    ctx.deps.db.payment.findMany({
      where,
      include: { case: true },
      orderBy: { declaredAt: 'asc' },
      take: PENDING_LIST_LIMIT,
    }),
  ]);
  if (total === 0) {
    await ctx.reply(ctx.t('staff:pending.none'));
    return;
  }
  const lines = payments.map((p, i) =>
    ctx.t(p.kind === 'S13_PAYMENT' ? 'staff:pending.item_s13' : 'staff:pending.item_s15', {
      i: i + 1,
      caseNumber: p.case.number,
      amount: paiseOf(p.amountPaise),
      method: ctx.t(`staff:method.${p.method}`),
      upiRef: p.upiRef ?? '—',
      at: p.declaredAt.toISOString(),
    }),
  );
  if (total > payments.length) lines.push(ctx.t('staff:pending.more', { n: total - payments.length }));
  const kb = new InlineKeyboard();
  for (const p of payments.slice(0, PENDING_BUTTON_LIMIT)) {
    kb.text(
      ctx.t('staff:pending.ok_button', { caseNumber: p.case.number }),
      paymentCb.confirm.encode(ctx, { paymentId: p.id }),
    )
      .text(
        ctx.t('staff:pending.no_button', { caseNumber: p.case.number }),
        paymentCb.reject.encode(ctx, { paymentId: p.id }),
      )
      .row();
  }
  await ctx.reply(
    `${ctx.t('staff:pending.title', { n: total })}\n\n${lines.join('\n\n')}\n\n${ctx.t('staff:pending.hint')}`,
    { reply_markup: kb },
  );
});
