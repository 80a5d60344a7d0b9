import { callbackSecret, encodeCallback } from '../../../src/callback-data';
import { computeDues, type DuesBreakdown, type DuesMode } from '../../../src/law';
import type { Lang } from '../../../src/i18n';
import { createBotHarness, type BotHarness, type TestUser } from '../../support/bot-harness';
import { seed } from '../../support/fixtures';

/** 29 Nov 2026, 10:00 IST: the demo cases are 1–9 days old. */
export const START = '2026-11-29T10:00:00+05:30';

/** A bot harness with the demo district seeded (JAI1-2026-1 Kunda buffaloes, JAI1-2026-2, JAI2-2026-1, PUN1-2026-1). */
export async function ownerHarness(
  opts: { dbKind?: 'pglite' | 'postgres'; env?: Record<string, string>; jobs?: boolean } = {},
): Promise<BotHarness> {
  const h = await createBotHarness({ start: START, ...opts });
  await seed(h.deps.db, h.clock.now());
  return h;
}

export const hindiOwner: TestUser = { id: 9101, firstName: 'रमेश', languageCode: 'hi' };
export const englishOwner: TestUser = { id: 9102, firstName: 'Sunita', languageCode: 'en' };

/** Signed callback data, as the bot would put on a button. */
export function data(h: BotHarness, action: string, ...args: Array<string | number>): string {
  return encodeCallback(callbackSecret(h.deps.config), action, ...args);
}

/** Translates as the bot would for a user of `lang`. */
export function t(h: BotHarness, lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  return h.deps.translator.t(lang, key, params);
}

/** Texts sent to a chat since `from` (index into the recorded list). */
export function textsTo(h: BotHarness, chatId: number, from = 0): string[] {
  return h.api
    .sentTo(chatId)
    .slice(from)
    .map((m) => m.text);
}

/** All callback data on the inline keyboard of a message payload. */
export function buttonsOf(payload: Record<string, any>): Array<{ text: string; data: string }> {
  const rows = (payload.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; callback_data?: string }>>;
  return rows.flat().map((b) => ({ text: b.text, data: b.callback_data ?? '' }));
}

/** The button whose callback action is `action` on the last message to a chat. */
export function lastButton(h: BotHarness, chatId: number, action: string): { text: string; data: string } | undefined {
  const sent = h.api.sentTo(chatId);
  for (let i = sent.length - 1; i >= 0; i--) {
    const b = buttonsOf(sent[i]!.payload).find((x) => x.data.startsWith(`${action}|`));
    if (b) return b;
  }
  return undefined;
}

/**
 * The dues the statute engine computes for a case, from rule rows read straight from the database
 * (independently of src/services/dues.ts), for comparing with what the bot told the owner.
 */
export async function engineDues(
  h: BotHarness,
  caseNumber: string,
  asOf: Date,
  mode: DuesMode = 'claim',
  s12aDeclaration = false,
): Promise<DuesBreakdown> {
  const db = h.deps.db;
  const c = await db.case.findUniqueOrThrow({
    where: { number: caseNumber },
    include: { heads: true, pound: { include: { area: true } } },
  });
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const state = c.pound.area.stateCode;
  const fines = await db.fineScale.findMany({ where: { areaId: c.pound.areaId } });
  const feeding = await db.feedingRate.findMany({ where: { poundId: c.poundId } });
  const security = await db.securityScale.findMany({ where: { stateCode: state } });
  const r = computeDues(
    {
      pound: { code: c.pound.code, state, area: c.pound.area.code },
      herd: c.heads.map((x) => ({ cattleClass: x.cattleClass, heads: 1 })),
      impoundedAt: c.impoundedAt,
      asOf,
      mode,
      s12aDeclaration,
    },
    {
      fineScale: fines.map((f) => ({
        state,
        area: c.pound.area.code,
        cattleClass: f.cattleClass,
        effectiveFrom: day(f.effectiveFrom),
        effectiveTo: f.effectiveTo ? day(f.effectiveTo) : null,
        paisePerHead: f.paisePerHead,
        notification: f.notification,
      })),
      feedingRates: feeding.map((f) => ({
        poundCode: c.pound.code,
        cattleClass: f.cattleClass,
        effectiveFrom: day(f.effectiveFrom),
        effectiveTo: f.effectiveTo ? day(f.effectiveTo) : null,
        paisePerDay: f.paisePerDay,
        order: f.orderRef,
      })),
      securityScale: security.map((s) => ({
        state,
        area: '*',
        cattleClass: s.cattleClass,
        effectiveFrom: day(s.effectiveFrom),
        effectiveTo: s.effectiveTo ? day(s.effectiveTo) : null,
        paisePerHead: s.paisePerHead,
        notification: s.reference,
      })),
    },
  );
  if (!r.ok) throw r.error;
  return r.value;
}

/** Counts of the rows an owner's bad input must not create. */
export async function footprint(h: BotHarness) {
  const db = h.deps.db;
  const [claims, payments, outbox, subscriptions, complaints, cases] = await Promise.all([
    db.claim.count(),
    db.payment.count(),
    db.outboxEntry.count(),
    db.subscription.count(),
    db.complaint.count(),
    db.case.findMany({ select: { number: true, status: true, version: true }, orderBy: { id: 'asc' } }),
  ]);
  return { claims, payments, outbox, subscriptions, complaints, cases };
}

/**
 * A keeper's payment card: the message to that keeper carrying the payment's confirm button. Not "the last message
 * to the keeper": the same drain may deliver other messages to him (the s. 14 note on a back-dated demo case) in
 * either order.
 */
export function paymentCardTo(h: BotHarness, keeperId: number, paymentId: number) {
  const card = [...h.api.sentTo(keeperId)]
    .reverse()
    .find((m) => buttonsOf(m.payload).some((b) => b.data.split('|').slice(0, 3).join('|') === `pc|ok|${paymentId}`));
  if (!card) throw new Error(`no payment card for payment ${paymentId} to ${keeperId}`);
  return card;
}

/** The two buffaloes of the demo case JAI1-2026-1 (Kunda), as the register describes them. */
export const KUNDA_HEADS = ['black, curved horns', 'black, white patch on forehead'];

/**
 * The first message of a claim (`owner:claim.intro`) or a deposit under protest (`owner:claim.intro_protest`): the case
 * and the animals it is for, one line each ("• 1 × buffalo — black, curved horns").
 */
export function claimIntro(
  h: BotHarness,
  lang: Lang,
  key: 'owner:claim.intro' | 'owner:claim.intro_protest',
  number: string,
  heads: Array<[string, string]>,
): string {
  const cattle = heads
    .map(([cls, description]) =>
      t(h, lang, 'owner:case.cattle_line', {
        count: 1,
        cls: t(h, lang, `common:cattle.${cls}`, { count: 1 }),
        description,
      }),
    )
    .join('\n');
  return t(h, lang, key, { number, count: heads.length, cattle });
}
