import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { toIstDate } from '../../src/law';
import { Refusal } from '../../src/services/refusal';
import { parseDate } from '../../src/services/typed-input';
import {
  MAX_ORDER_REFERENCE,
  ORDER_KINDS,
  ordersOfCase,
  recordOrder,
  type OrderAuthorityCode,
} from '../../src/services/orders';
import { disposeUnderProviso } from '../../src/services/sale';
import type { BotContext } from '../context';
import { may } from '../../src/services/staff';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import {
  cancelFlow,
  caseCommand,
  caseTap,
  finishFlow,
  fitMessage,
  replyRefusal,
  staleTap,
  tooLong,
  useButtons,
  recordOrCancel,
  askToRecord,
} from './officer-common';
import { Feature } from './feature';

/**
 * `/orders <case>` — the orders of a Magistrate or Civil Court recorded on a case (any staff of the pound
 * may read them); the Magistrate's office records a new one (kind, authority, reference, date) and carries
 * out a disposal under the s. 14 proviso on a recorded order. The Magistrate's outcome of a s. 15
 * deposit, `/outcome`, is outcome.ts.
 */
export const ordersFeature = new Feature();

const orderFlow = defineFlow('order', {
  steps: ['kind', 'authority', 'reference', 'date', 'confirm'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    kind: z.enum(ORDER_KINDS).optional(),
    authority: z.enum(['MAGISTRATE', 'CIVIL_COURT']).optional(),
    reference: z.string().optional(),
    date: z.string().optional(),
  }),
});
type OrderDraft = NonNullable<ReturnType<typeof orderFlow.data>>;

/** s. 14 proviso: a disposal carried out on a recorded order. */
const provisoFlow = defineFlow('proviso', {
  steps: ['manner', 'confirm'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    orderId: z.number().int(),
    reference: z.string(),
    manner: z.string().optional(),
  }),
});

const ordersCb = {
  record: callbackCodec('or|new', ['caseId:int']),
  proviso: callbackCodec('or|px', ['caseId:int']),
  kind: callbackCodec('or|k', ['kind:int']),
  /** M = a Magistrate, C = a Civil Court. */
  authority: callbackCodec('or|a', ['code:str']),
  today: callbackCodec('or|today'),
  save: callbackCodec('or|save'),
  provisoConfirm: callbackCodec('or|pxok'),
  cancel: callbackCodec('or|cancel'),
};
const AUTHORITY_CODE: Record<string, OrderAuthorityCode> = { M: 'MAGISTRATE', C: 'CIVIL_COURT' };

const MAX_MANNER = 300;

caseCommand(ordersFeature, 'orders', 'officer:usage.orders', 'order.view', async (ctx, c) => {
  const orders = await ordersOfCase(ctx.deps.db, c.id);
  const text = fitMessage(
    orders.length
      ? ctx.t('officer:orders.list', {
          number: c.number,
          lines: orders
            .map((o) =>
              ctx.t('officer:orders.line', {
                date: o.orderedOn.toISOString().slice(0, 10),
                kind: o.kind,
                authority: o.authority,
                reference: o.reference,
              }),
            )
            .join('\n'),
        })
      : ctx.t('officer:orders.none', { number: c.number }),
  );
  // Only the Magistrate's office records orders and acts on the proviso; others just read.
  if (!may(ctx.actor, 'magistrate', c.poundId)) {
    await ctx.reply(text);
    return;
  }
  const kb = new InlineKeyboard()
    .text(ctx.t('officer:orders.record_button'), ordersCb.record.encode(ctx, { caseId: c.id }))
    .row()
    .text(ctx.t('officer:orders.proviso_button'), ordersCb.proviso.encode(ctx, { caseId: c.id }));
  await ctx.reply(text, { reply_markup: kb });
});

async function askKind(ctx: BotContext, d: OrderDraft) {
  orderFlow.enter(ctx, 'kind', d);
  const kb = new InlineKeyboard();
  for (const [i, k] of ORDER_KINDS.entries()) {
    kb.text(ctx.t(`officer:order_kind.${k}`), ordersCb.kind.encode(ctx, { kind: i })).row();
  }
  await ctx.reply(ctx.t('officer:orders.ask_kind', { number: d.number }), { reply_markup: kb });
}

async function askOrderConfirm(ctx: BotContext, d: OrderDraft) {
  const text = ctx.t('officer:orders.confirm', {
    number: d.number,
    kind: d.kind,
    authority: d.authority,
    reference: d.reference,
    date: d.date,
  });
  await askToRecord(ctx, orderFlow, d, text, ordersCb.save, ordersCb.cancel);
}

provisoFlow.texts(
  ordersFeature,
  {
    manner: async (ctx, d, text) => {
      if (await tooLong(ctx, text, MAX_MANNER)) return;
      provisoFlow.enter(ctx, 'confirm', { ...d, manner: text });
      await ctx.reply(
        ctx.t('officer:orders.confirm_proviso', { number: d.number, reference: d.reference, manner: text }),
        {
          reply_markup: recordOrCancel(ctx, ordersCb.provisoConfirm, ordersCb.cancel, 'officer:button.yes_record'),
        },
      );
    },
  },
  useButtons,
);

orderFlow.texts(
  ordersFeature,
  {
    reference: async (ctx, d, text) => {
      if (await tooLong(ctx, text, MAX_ORDER_REFERENCE)) return;
      orderFlow.enter(ctx, 'date', { ...d, reference: text });
      await ctx.reply(ctx.t('officer:orders.ask_date'), {
        reply_markup: new InlineKeyboard().text(ctx.t('officer:button.today'), ordersCb.today.encode(ctx, {})),
      });
    },
    date: async (ctx, d, text) => {
      const date = parseDate(text);
      if (!date) return ctx.reply(ctx.t('officer:input.bad_date', { input: text.slice(0, 40) }));
      if (date > toIstDate(ctx.deps.clock.now()))
        return replyRefusal(ctx, new Refusal('ORDER_DATE_INVALID', null, { date: text.slice(0, 40) }), { number: '' });
      return askOrderConfirm(ctx, { ...d, date });
    },
  },
  useButtons,
);

ordersCb.cancel.handle(ordersFeature, cancelFlow);
caseTap(ordersFeature, ordersCb.record, 'magistrate', (ctx, c) => askKind(ctx, { caseId: c.id, number: c.number }));

caseTap(ordersFeature, ordersCb.proviso, 'magistrate', async (ctx, c) => {
  // s. 14 proviso: refused at once when no order for it is recorded (the service checks again on Record).
  const order = await ctx.deps.db.courtOrder.findFirst({
    where: { caseId: c.id, kind: 'PROVISO_DISPOSAL' },
    orderBy: { id: 'desc' },
  });
  if (!order) return replyRefusal(ctx, new Refusal('PROVISO_ORDER_REQUIRED', 's. 14'), c);
  provisoFlow.enter(ctx, 'manner', { caseId: c.id, number: c.number, orderId: order.id, reference: order.reference });
  await ctx.reply(ctx.t('officer:orders.ask_manner'));
});

provisoFlow.tap(ordersFeature, ordersCb.provisoConfirm, 'confirm', (ctx, _tap, d) =>
  finishFlow(ctx, 'magistrate', d.caseId, async (act, c) => {
    const r = await disposeUnderProviso(
      ctx.deps.db,
      act,
      { caseId: c.id, manner: d.manner ?? '', orderId: d.orderId },
      ctx.deps.clock.now(),
    );
    await ctx.reply(
      ctx.t('officer:orders.disposed', {
        number: r.caseNumber,
        heads: r.heads,
        manner: r.manner,
        reference: r.orderReference,
      }),
    );
  }),
);

orderFlow.tap(ordersFeature, ordersCb.kind, 'kind', async (ctx, tap, d) => {
  const kind = ORDER_KINDS[tap.kind];
  if (!kind) return staleTap(ctx);
  orderFlow.enter(ctx, 'authority', { ...d, kind });
  await ctx.reply(ctx.t('officer:orders.ask_authority'), {
    reply_markup: new InlineKeyboard()
      .text(ctx.t('officer:authority.MAGISTRATE'), ordersCb.authority.encode(ctx, { code: 'M' }))
      .text(ctx.t('officer:authority.CIVIL_COURT'), ordersCb.authority.encode(ctx, { code: 'C' })),
  });
});

orderFlow.tap(ordersFeature, ordersCb.authority, 'authority', async (ctx, { code }, d) => {
  const authority = AUTHORITY_CODE[code];
  if (!authority) return staleTap(ctx);
  orderFlow.enter(ctx, 'reference', { ...d, authority });
  await ctx.reply(ctx.t('officer:orders.ask_reference'));
});

orderFlow.tap(ordersFeature, ordersCb.today, 'date', (ctx, _tap, d) =>
  askOrderConfirm(ctx, { ...d, date: toIstDate(ctx.deps.clock.now()) }),
);

orderFlow.tap(ordersFeature, ordersCb.save, 'confirm', (ctx, _tap, d) =>
  finishFlow(ctx, 'magistrate', d.caseId, async (act, c) => {
    const r = await recordOrder(
      ctx.deps.db,
      act,
      { caseId: c.id, kind: d.kind!, authority: d.authority!, reference: d.reference ?? '', orderedOn: d.date ?? '' },
      ctx.deps.clock.now(),
    );
    await ctx.reply(
      r.created
        ? ctx.t('officer:orders.recorded', {
            kind: r.order.kind,
            reference: r.order.reference,
            date: d.date,
            number: r.caseNumber,
          })
        : ctx.t('officer:orders.already', { reference: r.order.reference, number: r.caseNumber }),
    );
  }),
);
