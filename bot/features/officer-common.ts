import { InlineKeyboard, type Composer } from 'grammy';
import { cleanPersonName } from '../../src/services/person-name';
import { loadCase, type CaseForLaw } from '../../src/services/case-transition';
import { Refusal } from '../../src/services/refusal';
import type { StaffActor, StaffRight } from '../../src/services/staff';
import { caseNumberKey, parseCaseNumber } from '../../src/services/cases';
import type { BotContext } from '../context';
import type { CallbackCodec } from '../flows/callback-codec';
import { leaveAnyFlow } from '../flows/flow';
import { requireStaff } from '../middleware/roles';
import { refusalText } from '../../src/i18n';
import { fitMessage, MESSAGE_LIMIT, poundName, sectionText } from '../views/text';

// Shared words (one definition in bot/views/text.ts), re-exported for the officer flows.
export { fitMessage, MESSAGE_LIMIT, poundName, sectionText };

/**
 * What the officers' features (notice, auction, sale, money, orders, register) share on top of the flow kernel
 * (bot/flows/): case look-up with role and pound checks (`caseCommand`, `caseTap`), the Confirm that ends a
 * flow (`finishFlow`), and refusals rendered with their section.
 */

/** A tap that no longer fits the flow (an old message's button): say so, change nothing. */
export async function staleTap(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t('common:error.stale_button'));
}

/** The case named by a command's argument, or undefined after answering why not (usage, malformed, unknown). */
export async function caseFromArg(ctx: BotContext, arg: string, usageKey: string): Promise<CaseForLaw | undefined> {
  const typed = arg.trim();
  if (!typed) {
    await ctx.reply(ctx.t(usageKey));
    return undefined;
  }
  const parsed = parseCaseNumber(typed);
  if (!parsed) {
    await ctx.reply(ctx.t('common:error.case_malformed', { input: typed.slice(0, 40) }));
    return undefined;
  }
  const row = await ctx.deps.db.case.findUnique({ where: { numberKey: caseNumberKey(parsed) }, select: { id: true } });
  if (!row) {
    await ctx.reply(ctx.t('common:error.case_not_found', { number: parsed.number }));
    return undefined;
  }
  return loadCase(ctx.deps.db, row.id);
}

/** The case by id (from a button or the flow's data); undefined after a stale-button answer. */
export async function caseById(ctx: BotContext, id: unknown): Promise<CaseForLaw | undefined> {
  const n = Number(id);
  const row = Number.isSafeInteger(n)
    ? await ctx.deps.db.case.findUnique({ where: { id: n }, select: { id: true } })
    : null;
  if (!row) {
    await staleTap(ctx);
    return undefined;
  }
  return loadCase(ctx.deps.db, row.id);
}

/**
 * Checks the sender's right at a case's pound (owners get common:error.not_allowed, staff of another pound
 * common:error.wrong_pound) and returns the update's StaffActor for the services (which authorize again).
 */
export async function actFor(
  ctx: BotContext,
  right: StaffRight,
  c: { poundId: number; number: string },
): Promise<StaffActor | undefined> {
  return (await requireStaff(ctx, right, { poundId: c.poundId, caseNumber: c.number })) ? ctx.actor : undefined;
}

/** Answers a Refusal (src/i18n/refusal.ts words it); anything else is a bug and goes to the bot's error handler. */
export async function replyRefusal(
  ctx: BotContext,
  e: unknown,
  c: { number: string; status?: string },
  extra?: { reply_markup?: InlineKeyboard },
): Promise<void> {
  if (!(e instanceof Refusal)) throw e;
  await ctx.reply(refusalText(ctx.t, e, 'staff', c), extra);
}

/**
 * The Confirm tap that ends a flow: the case is read again and the right checked again (the draft may be
 * minutes old, the grant revoked meanwhile), the flow is left whatever the outcome, and a refusal is answered
 * in the words of its section. `run` does the one service call and its reply.
 */
export async function finishFlow(
  ctx: BotContext,
  right: StaffRight,
  caseId: number,
  run: (act: StaffActor, c: CaseForLaw) => Promise<void>,
): Promise<void> {
  const c = await caseById(ctx, caseId);
  if (!c) return leaveAnyFlow(ctx);
  const act = await actFor(ctx, right, c);
  leaveAnyFlow(ctx);
  if (!act) return;
  try {
    await run(act, c);
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
}

/** The flow's Cancel button: forget the draft and say so. */
export async function cancelFlow(ctx: BotContext): Promise<void> {
  leaveAnyFlow(ctx);
  await ctx.reply(ctx.t('common:cancelled'));
}

/** The command's argument text after "/command". */
export function commandArg(ctx: BotContext): string {
  return typeof ctx.match === 'string' ? ctx.match : '';
}

/**
 * One handler for a button that names a case (`caseId`): the case is read again and the sender's right at its
 * pound checked again on every tap (a button may be days old, the grant revoked meanwhile).
 */
export function caseTap<D extends { caseId: number }>(
  composer: Composer<BotContext>,
  codec: CallbackCodec<D>,
  right: StaffRight,
  handler: (ctx: BotContext, c: CaseForLaw, act: StaffActor, tap: D) => Promise<unknown>,
): void {
  codec.handle(composer, async (ctx, tap) => {
    const c = await caseById(ctx, tap.caseId);
    if (!c) return;
    const act = await actFor(ctx, right, c);
    if (!act) return;
    await handler(ctx, c, act, tap);
  });
}

/** "/command <case>": the case named, the sender's right at its pound checked, then `handler`. */
export function caseCommand(
  composer: Composer<BotContext>,
  command: string,
  usageKey: string,
  right: StaffRight,
  handler: (ctx: BotContext, c: CaseForLaw, act: StaffActor) => Promise<unknown>,
): void {
  composer.command(command, async (ctx) => {
    const c = await caseFromArg(ctx, commandArg(ctx), usageKey);
    if (!c) return;
    const act = await actFor(ctx, right, c);
    if (!act) return;
    await handler(ctx, c, act);
  });
}

/** A text longer than `max` is answered "too long" (true); the flow stays at its step. */
export async function tooLong(ctx: BotContext, text: string, max: number): Promise<boolean> {
  if (text.length <= max) return false;
  await ctx.reply(ctx.t('officer:input.too_long', { max }));
  return true;
}

/** A typed answer where the step wants a button. */
export async function useButtons(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t('officer:input.use_buttons'));
}

/** A confirmation's two buttons: `save` (labelled "Record", or `label`) and Cancel. */
export function recordOrCancel(
  ctx: BotContext,
  save: CallbackCodec<Record<string, never>>,
  cancel: CallbackCodec<Record<string, never>>,
  label = 'officer:button.record',
): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t(label), save.encode(ctx, {}))
    .text(ctx.t('common:cancel'), cancel.encode(ctx, {}));
}

/**
 * The last step of an officer's flow: the flow moves to its `confirm` step with the draft `d`, and `text` — what
 * will be recorded — is shown with Record / Cancel. Nothing is written before Record (the flows' one rule).
 */
export async function askToRecord<D>(
  ctx: BotContext,
  flow: { enter(ctx: BotContext, step: 'confirm', data: D): void },
  d: D,
  text: string,
  save: CallbackCodec<Record<string, never>>,
  cancel: CallbackCodec<Record<string, never>>,
  label?: string,
): Promise<void> {
  flow.enter(ctx, 'confirm', d);
  await ctx.reply(text, { reply_markup: recordOrCancel(ctx, save, cancel, label) });
}

/** A typed person's name (a bidder, a surplus claimant): at most `max` characters, a name and nothing else; null after saying why. */
export async function typedName(ctx: BotContext, text: string, max: number): Promise<string | null> {
  if (await tooLong(ctx, text, max)) return null;
  const name = cleanPersonName(text);
  if (!name) await ctx.reply(ctx.t('officer:input.bad_name'));
  return name;
}
