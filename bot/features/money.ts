import { InlineKeyboard } from 'grammy';
import { isS16Path, termFor } from '../../src/law';
import { Refusal } from '../../src/services/refusal';
import type { CaseForLaw } from '../../src/services/case-transition';
import {
  confirmRemittance,
  isSplitKey,
  moneyStatus,
  recordSplit,
  REMITTANCE_ACCOUNT,
  splitOfCase,
  totalsByAccount,
  type RemittanceKindCode,
  type SplitLine,
  completedRounds,
  storedAccountOf,
} from '../../src/services/sale';
import type { BotContext } from '../context';
import { holds, may, poundsInScope } from '../../src/services/staff';
import { callbackCodec } from '../flows/callback-codec';
import {
  actFor,
  cancelFlow,
  caseById,
  caseFromArg,
  caseTap,
  commandArg,
  fitMessage,
  replyRefusal,
  staleTap,
} from './officer-common';
import { listSurpluses, moneyCancelCb, showSurplus, surplusHeldFeature } from './surplus-held';
import { paiseOf } from '../../src/db';
import { Feature } from './feature';

/**
 * `/split <case>` — s. 17. The selling officer sees where the proceeds go (each auction round's own
 * division), records it in the ledger with one tap once the cattle are all gone, and confirms each
 * remittance (fines/penalties and surplus to the District Magistrate, feeding charges to the pound-keeper).
 * The District Magistrate's office sees a surplus held with the end of its 3-month hold and records a claim
 * established — choosing the claimant among those who claimed the case through the bot, so the receipt
 * reaches them, or typing another name — or, after the hold, its transfer to Government revenue.
 * `/split` alone lists the surpluses the office holds.
 */
export const moneyFeature = new Feature();
// The Magistrate's side: a surplus held, its claim flow and its transfer to revenue — see surplus-held.ts.
moneyFeature.use(surplusHeldFeature);

const moneyCb = {
  /** Record the s. 17 division in the ledger. */
  split: callbackCodec('mn|rec', ['caseId:int']),
  /** A remittance confirmed (its kind by KIND_CODE). */
  remit: callbackCodec('mn|rm', ['caseId:int', 'kind:str']),
};

/** Short codes for remittance kinds in callback data (64-byte limit). */
const KIND_CODE: Record<RemittanceKindCode, string> = {
  FINES_TO_MAGISTRATE: 'f',
  FEEDING_TO_POUND_KEEPER: 'k',
  SECURITY_TO_MAGISTRATE: 's',
  SURPLUS_TO_MAGISTRATE: 'd',
};
const CODE_KIND = Object.fromEntries(Object.entries(KIND_CODE).map(([k, v]) => [v, k])) as Record<
  string,
  RemittanceKindCode
>;

/**
 * "fine" or "penalty" in the words of s. 17 (the division and the remittances) on the date of the sale: s. 17
 * keeps "the fines so deducted" — Act 8 of 2026 amends s. 16 only (src/law/data/term-amendments.ts).
 */
function termOf(c: CaseForLaw): string {
  const saleAt = storedAccountOf(c.auction?.account)?.inputs.saleAt;
  const term = termFor(saleAt ? new Date(saleAt) : new Date(0), 's. 17');
  return term.ok ? term.value.term : 'fine';
}

function splitLineText(ctx: BotContext, l: SplitLine, term: string): string {
  return l.unrecoveredPaise > 0
    ? ctx.t('officer:split.line_short', {
        account: l.account,
        term,
        amount: l.amountPaise,
        due: l.duePaise,
        unrecovered: l.unrecoveredPaise,
      })
    : ctx.t('officer:split.line', { account: l.account, term, amount: l.amountPaise });
}

moneyFeature.command('split', async (ctx) => {
  const arg = commandArg(ctx).trim();
  if (!arg) {
    if (!may(ctx.actor, 'magistrate')) {
      await ctx.reply(ctx.t(may(ctx.actor, 'auction') ? 'officer:usage.split' : 'common:error.not_allowed'));
      return;
    }
    return listSurpluses(ctx, poundsInScope(ctx.actor, 'magistrate'));
  }
  const c = await caseFromArg(ctx, arg, 'officer:usage.split');
  if (!c) return;
  // The Magistrate's office acts on a surplus held; the officer on the division and the remittances.
  const asMagistrate = c.status === 'SURPLUS_HELD' && holds(ctx.actor, 'MAGISTRATE', c.poundId);
  if (asMagistrate || (!may(ctx.actor, 'auction', c.poundId) && may(ctx.actor, 'magistrate', c.poundId)))
    return showSurplus(ctx, c);
  const act = await actFor(ctx, 'auction', c);
  if (!act) return;
  await showOfficerMoney(ctx, c);
});

async function showOfficerMoney(ctx: BotContext, c: CaseForLaw) {
  const term = termOf(c);
  const status = await moneyStatus(ctx.deps.db, c.id);
  // The sale's division (a s. 13 payment's own division — the rest of a partly sold case claimed — is not it).
  const splitRecorded = status.splitEntries.some((e) => isSplitKey(c.id, e.idempotencyKey));
  if (!splitRecorded) {
    const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED').length;
    if (c.status === 'PARTLY_SOLD' && !isS16Path(c)) {
      // s. 14 heads without a bid wait for a further auction or the proviso: the division follows them.
      return replyRefusal(ctx, new Refusal('CATTLE_REMAIN', 's. 14', { heads: inPound }), c);
    }
    const ready =
      c.status === 'ACCOUNT_DELIVERED' || (c.status === 'DISPOSED_PROVISO' && completedRounds(c).length > 0);
    if (!ready) {
      await ctx.reply(
        ctx.t('officer:split.not_ready', { number: c.number, status: ctx.t(`common:status.${c.status}`) }),
      );
      return;
    }
    const split = await splitOfCase(ctx.deps.db, c.id);
    const lines =
      split.rounds.length === 1
        ? split.rounds[0]!.lines.map((l) => splitLineText(ctx, l, term))
        : split.rounds.flatMap((r) => [
            ctx.t('officer:split.round_header', { round: r.round, proceeds: r.proceedsPaise }),
            ...r.lines.map((l) => splitLineText(ctx, l, term)),
          ]);
    await ctx.reply(
      fitMessage(
        ctx.t('officer:split.preview', {
          number: c.number,
          proceeds: split.proceedsPaise,
          lines: lines.join('\n'),
          total: split.lines.reduce((s, l) => s + l.amountPaise, 0),
        }),
      ),
      {
        reply_markup: new InlineKeyboard().text(
          ctx.t('officer:split.record_button'),
          moneyCb.split.encode(ctx, { caseId: c.id }),
        ),
      },
    );
    return;
  }
  // One line per ledger account, summed over the auction rounds.
  const lines = totalsByAccount(
    status.splitEntries.map((e) => ({
      account: e.account as SplitLine['account'],
      section: e.section,
      amountPaise: paiseOf(e.amountPaise),
      duePaise: paiseOf(e.amountPaise),
      unrecoveredPaise: 0,
    })),
  ).map((l) => ctx.t('officer:split.line', { account: l.account, term, amount: l.amountPaise }));
  const remitted = status.remittances.map((r) =>
    ctx.t('officer:split.remitted_line', {
      kind: r.kind,
      term,
      amount: paiseOf(r.amountPaise),
      at: r.confirmedAt.toISOString(),
    }),
  );
  const pending = status.pending.map((k) =>
    ctx.t('officer:split.pending_line', { kind: k, term, amount: status.amountOf(REMITTANCE_ACCOUNT[k]) }),
  );
  const remittances = [...remitted, ...pending];
  const kb = new InlineKeyboard();
  for (const k of status.pending)
    kb.text(
      ctx.t('officer:split.remit_button', { kind: k, term }),
      moneyCb.remit.encode(ctx, { caseId: c.id, kind: KIND_CODE[k] }),
    ).row();
  await ctx.reply(
    fitMessage(
      ctx.t('officer:split.status', {
        number: c.number,
        lines: lines.join('\n'),
        remittances: remittances.length ? remittances.join('\n') : ctx.t('officer:split.nothing_to_send'),
      }),
    ),
    status.pending.length ? { reply_markup: kb } : {},
  );
}

moneyCancelCb.handle(moneyFeature, cancelFlow);

caseTap(moneyFeature, moneyCb.split, 'auction', async (ctx, c, act) => {
  try {
    const r = await recordSplit(ctx.deps.db, act, c.id, ctx.deps.clock.now());
    const out = [ctx.t('officer:split.recorded', { number: r.caseNumber, proceeds: r.proceedsPaise })];
    if (r.surplusPaise > 0 && r.holdEnd)
      out.push(ctx.t('officer:split.recorded_surplus', { surplus: r.surplusPaise, holdEnd: r.holdEnd.date }));
    await ctx.reply(out.join('\n'));
    return showOfficerMoney(ctx, await caseById(ctx, c.id).then((x) => x ?? c));
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});

caseTap(moneyFeature, moneyCb.remit, 'auction', async (ctx, c, act, tap) => {
  const kind = CODE_KIND[tap.kind];
  if (!kind) return staleTap(ctx);
  try {
    const r = await confirmRemittance(ctx.deps.db, act, c.id, kind, ctx.deps.clock.now());
    await ctx.reply(
      ctx.t('officer:split.remitted', { kind, term: termOf(c), amount: r.amountPaise, number: r.caseNumber }),
    );
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});
