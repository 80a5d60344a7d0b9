import { Composer, InlineKeyboard } from 'grammy';
import { termFor, toIstDate } from '../../src/law';
import { Refusal } from '../../src/services/refusal';
import { recordDepositOutcome } from '../../src/services/deposit-outcome';
import { parseDate } from '../../src/services/typed-input';
import { MAX_ORDER_REFERENCE, ORDER_KINDS, ordersOfCase, recordOrder, type OrderAuthorityCode, type OrderKindCode } from '../../src/services/orders';
import { disposeUnderProviso } from '../../src/services/proviso';
import type { BotContext } from '../context';
import { may } from '../../src/services/staff-actor';
import { actFor, cancelFlow, caseById, caseFromArg, cb, commandArg, finishFlow, fitMessage, flowData, inFlow, replyRefusal, setFlow, staleTap, verifiedTap } from './officer-common';
import { Feature } from './feature';

/**
 * `/orders <case>` — the orders of a Magistrate or Civil Court recorded on a case (any staff of the pound
 * may read them); the Magistrate's office records a new one (kind, authority, reference, date) and carries
 * out a disposal under the s. 14 proviso on a recorded order. `/outcome <case> refund|apply <ref>` — the
 * Magistrate's outcome of a s. 15 deposit (ss. 20–22).
 */
export const ordersFeature = new Feature();

interface OrderDraft {
  caseId: number;
  number: string;
  kind?: OrderKindCode;
  authority?: OrderAuthorityCode;
  reference?: string;
  date?: string;
}

interface ProvisoDraft {
  caseId: number;
  number: string;
  orderId: number;
  reference: string;
  manner?: string;
}

const MAX_MANNER = 300;

ordersFeature.command('orders', async (ctx) => {
  const c = await caseFromArg(ctx, commandArg(ctx), 'officer:usage.orders');
  if (!c) return;
  const act = await actFor(ctx, 'order.view', c);
  if (!act) return;
  const orders = await ordersOfCase(ctx.deps.db, c.id);
  const text = fitMessage(orders.length
    ? ctx.t('officer:orders.list', {
        number: c.number,
        lines: orders.map((o) => ctx.t('officer:orders.line', { date: o.orderedOn.toISOString().slice(0, 10), kind: o.kind, authority: o.authority, reference: o.reference })).join('\n'),
      })
    : ctx.t('officer:orders.none', { number: c.number }));
  // Only the Magistrate's office records orders and acts on the proviso; others just read.
  if (!may(ctx.actor, 'magistrate', c.poundId)) {
    await ctx.reply(text);
    return;
  }
  const kb = new InlineKeyboard().text(ctx.t('officer:orders.record_button'), cb(ctx, 'or', 'new', c.id)).row().text(ctx.t('officer:orders.proviso_button'), cb(ctx, 'or', 'px', c.id));
  await ctx.reply(text, { reply_markup: kb });
});

async function askKind(ctx: BotContext, d: OrderDraft) {
  setFlow(ctx, 'order', 'kind', { ...d });
  const kb = new InlineKeyboard();
  ORDER_KINDS.forEach((k, i) => kb.text(ctx.t(`officer:order_kind.${k}`), cb(ctx, 'or', 'k', i)).row());
  await ctx.reply(ctx.t('officer:orders.ask_kind', { number: d.number }), { reply_markup: kb });
}

async function askOrderConfirm(ctx: BotContext, d: OrderDraft) {
  setFlow(ctx, 'order', 'confirm', { ...d });
  await ctx.reply(ctx.t('officer:orders.confirm', { number: d.number, kind: d.kind, authority: d.authority, reference: d.reference, date: d.date }), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.record'), cb(ctx, 'or', 'save')).text(ctx.t('common:cancel'), cb(ctx, 'or', 'cancel')),
  });
}

ordersFeature.on('message:text', async (ctx, next) => {
  if (ctx.msg.text.startsWith('/') || !(inFlow(ctx, 'order') || inFlow(ctx, 'proviso'))) return next();
  const text = ctx.msg.text.trim();
  if (inFlow(ctx, 'proviso', 'manner')) {
    if (text.length > MAX_MANNER) {
      await ctx.reply(ctx.t('officer:input.too_long', { max: MAX_MANNER }));
      return;
    }
    const d = { ...flowData<ProvisoDraft>(ctx), manner: text };
    setFlow(ctx, 'proviso', 'confirm', { ...d });
    await ctx.reply(ctx.t('officer:orders.confirm_proviso', { number: d.number, reference: d.reference, manner: text }), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:button.yes_record'), cb(ctx, 'or', 'pxok')).text(ctx.t('common:cancel'), cb(ctx, 'or', 'cancel')),
    });
    return;
  }
  const d = flowData<OrderDraft>(ctx);
  if (inFlow(ctx, 'order', 'reference')) {
    if (text.length > MAX_ORDER_REFERENCE) {
      await ctx.reply(ctx.t('officer:input.too_long', { max: MAX_ORDER_REFERENCE }));
      return;
    }
    setFlow(ctx, 'order', 'date', { ...d, reference: text });
    await ctx.reply(ctx.t('officer:orders.ask_date'), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.today'), cb(ctx, 'or', 'today')) });
    return;
  }
  if (inFlow(ctx, 'order', 'date')) {
    const date = parseDate(text);
    if (!date) {
      await ctx.reply(ctx.t('officer:input.bad_date', { input: text.slice(0, 40) }));
      return;
    }
    if (date > toIstDate(ctx.deps.clock.now())) {
      await replyRefusal(ctx, new Refusal('ORDER_DATE_INVALID', null, { date: text.slice(0, 40) }), { number: '' });
      return;
    }
    return askOrderConfirm(ctx, { ...d, date });
  }
  await ctx.reply(ctx.t('officer:input.use_buttons'));
});

ordersFeature.callbackQuery(/^or\|/, async (ctx) => {
  const tap = await verifiedTap(ctx);
  if (!tap) return;
  const [op, arg] = tap.args;
  const now = ctx.deps.clock.now();
  if (op === 'cancel') return cancelFlow(ctx);
  if (op === 'new' || op === 'px') {
    const c = await caseById(ctx, arg);
    if (!c) return;
    const act = await actFor(ctx, 'magistrate', c);
    if (!act) return;
    if (op === 'new') return askKind(ctx, { caseId: c.id, number: c.number });
    // s. 14 proviso: refused at once when no order for it is recorded (the service checks again on Record).
    const order = await ctx.deps.db.courtOrder.findFirst({ where: { caseId: c.id, kind: 'PROVISO_DISPOSAL' }, orderBy: { id: 'desc' } });
    if (!order) return replyRefusal(ctx, new Refusal('PROVISO_ORDER_REQUIRED', 's. 14'), c);
    setFlow(ctx, 'proviso', 'manner', { caseId: c.id, number: c.number, orderId: order.id, reference: order.reference } satisfies ProvisoDraft);
    await ctx.reply(ctx.t('officer:orders.ask_manner'));
    return;
  }
  if (op === 'pxok' && inFlow(ctx, 'proviso', 'confirm')) {
    const d = flowData<ProvisoDraft>(ctx);
    return finishFlow(ctx, 'magistrate', d.caseId, async (act, c) => {
      const r = await disposeUnderProviso(ctx.deps.db, act, { caseId: c.id, manner: d.manner ?? '', orderId: d.orderId }, now);
      await ctx.reply(ctx.t('officer:orders.disposed', { number: r.caseNumber, heads: r.heads, manner: r.manner, reference: r.orderReference }));
    });
  }
  if (!inFlow(ctx, 'order')) return staleTap(ctx);
  const d = flowData<OrderDraft>(ctx);
  const step = ctx.session.step;
  if (op === 'k' && step === 'kind') {
    const kind = ORDER_KINDS[Number(arg)];
    if (!kind) return staleTap(ctx);
    setFlow(ctx, 'order', 'authority', { ...d, kind });
    await ctx.reply(ctx.t('officer:orders.ask_authority'), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:authority.MAGISTRATE'), cb(ctx, 'or', 'a', 'M')).text(ctx.t('officer:authority.CIVIL_COURT'), cb(ctx, 'or', 'a', 'C')),
    });
    return;
  }
  if (op === 'a' && step === 'authority' && (arg === 'M' || arg === 'C')) {
    setFlow(ctx, 'order', 'reference', { ...d, authority: arg === 'M' ? 'MAGISTRATE' : 'CIVIL_COURT' });
    await ctx.reply(ctx.t('officer:orders.ask_reference'));
    return;
  }
  if (op === 'today' && step === 'date') return askOrderConfirm(ctx, { ...d, date: toIstDate(now) });
  if (op === 'save' && step === 'confirm') {
    return finishFlow(ctx, 'magistrate', d.caseId, async (act, c) => {
      const r = await recordOrder(ctx.deps.db, act, { caseId: c.id, kind: d.kind!, authority: d.authority!, reference: d.reference ?? '', orderedOn: d.date ?? '' }, now);
      await ctx.reply(
        r.created
          ? ctx.t('officer:orders.recorded', { kind: r.order.kind, reference: r.order.reference, date: d.date, number: r.caseNumber })
          : ctx.t('officer:orders.already', { reference: r.order.reference, number: r.caseNumber }),
      );
    });
  }
  await staleTap(ctx);
});

// ---------------------------------------------------------------- /outcome

ordersFeature.command('outcome', async (ctx) => {
  const parts = commandArg(ctx).trim().split(/\s+/);
  const [caseText, word, ...refWords] = parts;
  const outcome = word?.toLowerCase() === 'refund' ? 'refund' : word?.toLowerCase() === 'apply' ? 'apply' : null;
  const reference = refWords.join(' ');
  if (!caseText || !outcome || !reference) {
    await ctx.reply(ctx.t('officer:usage.outcome'));
    return;
  }
  const c = await caseFromArg(ctx, caseText, 'officer:usage.outcome');
  if (!c) return;
  const act = await actFor(ctx, 'magistrate', c);
  if (!act) return;
  const now = ctx.deps.clock.now();
  try {
    const r = await recordDepositOutcome(ctx.deps.db, act, { caseId: c.id, outcome, orderReference: reference }, now);
    if (outcome === 'refund') {
      await ctx.reply(ctx.t('officer:outcome.refunded', { number: r.caseNumber, amount: r.amountPaise, reference }));
      return;
    }
    // The s. 17 division's words: s. 17 keeps "fines" (Act 8 of 2026 amends s. 16 only).
    const term = termFor(now, 's. 17');
    const lines = r.entries.map((e) => ctx.t('officer:split.line', { account: e.account, term: term.ok ? term.value.term : 'fine', amount: e.amountPaise }));
    await ctx.reply(ctx.t('officer:outcome.applied', { number: r.caseNumber, amount: r.amountPaise, reference, lines: lines.join('\n') }));
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});
