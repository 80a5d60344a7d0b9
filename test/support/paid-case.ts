import type { Config } from '../../src/config';
import type { Db } from '../../src/db';
import { recordClaim } from '../../src/services/claims';
import { setClaimHeads } from '../../src/services/part-claim';
import { confirmPayment, declarePayment } from '../../src/services/payments';
import { releaseCattle } from '../../src/services/release';
import { loadStaffActor, type StaffActor } from '../../src/services/staff';
import type { BotHarness, TestUser } from './bot-harness';
import { caseFixture } from './case-builder';
import { enrolStaff } from './fixtures';
import { flushOutbox } from './outbox';

// The one way a test makes a paid case: a stored case (from `caseFixture`, or a demo case) gets an owner's claim,
// his declared payment (s. 13) or deposit under protest (s. 15), and the keeper's confirmation, each through the
// service the bot uses, so the payment, receipt, ledger, outbox and case status are what production writes.
// Use `payCase` whenever a test needs money paid but is not about declaring or confirming it (tests of those
// services call them themselves); the presets below are the paid cases several test files share.
// `paymentWritten` is the one exception, for the jobs tests only (see there why).

/** What a test varies about one owner's payment or deposit. */
export interface PayOptions {
  owner: { id: bigint | number; name?: string; languageCode?: string | null };
  /** s. 13 payment (default) or s. 15 deposit under protest. */
  section?: 's13' | 's15';
  /** Register indexes (1-based) of the owner's heads: a part claim. Absent: every head in the pound. */
  heads?: number[];
  method?: 'CASH' | 'UPI';
  /** The UPI reference the owner types (default for UPI: 412345678901). */
  upiRef?: string | null;
  /** The amount the owner says he paid (default: the dues the service computes; another amount is refused). */
  amountPaise?: number | null;
  /** Declared at this instant. */
  at: Date;
  config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'>;
  /** The keeper who confirms it; absent or null: declared only (PENDING), as the keeper's card finds it. */
  confirmedBy?: StaffActor | null;
  /** Confirmed at this instant (default: `at`). */
  confirmedAt?: Date;
  /** The confirming keeper then delivers the cattle at this instant (s. 13 released, s. 15 deposited; needs `confirmedBy`). */
  releasedAt?: Date;
}

/** The owner's claim on a stored case (his heads only with `heads`), through the owner's claim service. */
export async function claimCase(
  db: Db,
  caseId: number,
  o: Pick<PayOptions, 'owner' | 'section' | 'heads'>,
): Promise<{ claimId: number; owner: bigint }> {
  const owner = BigInt(o.owner.id);
  const name = o.owner.name ?? `Owner ${owner}`;
  await db.telegramUser.upsert({
    where: { id: owner },
    create: { id: owner, firstName: name, languageCode: o.owner.languageCode ?? null },
    update: {},
  });
  const s15 = o.section === 's15';
  const claim = await recordClaim(db, {
    caseId,
    kind: s15 ? 'S15_PROTEST' : 'S13_CLAIM',
    telegramUserId: owner,
    claimantName: name,
    isAgent: false,
    ownerName: name,
    intendsComplaint: s15,
  });
  if (o.heads) {
    const heads = await db.head.findMany({ where: { caseId }, orderBy: { index: 'asc' } });
    await setClaimHeads(
      db,
      claim.id,
      o.heads.map((i) => heads.find((h) => h.index === i)?.id ?? fail(`no head ${i}`)),
    );
  }
  return { claimId: claim.id, owner };
}

/** The owner claims, declares and (with `confirmedBy`) the keeper confirms; the payment and its receipt, if any. */
export async function payCase(db: Db, caseId: number, o: PayOptions) {
  const { claimId, owner } = await claimCase(db, caseId, o);
  const method = o.method ?? 'CASH';
  const d = await declarePayment(
    { db, config: o.config },
    {},
    {
      claimId,
      telegramUserId: owner,
      method,
      amountPaise: o.amountPaise ?? null,
      upiRef: o.upiRef !== undefined ? o.upiRef : method === 'UPI' ? '412345678901' : null,
      now: o.at,
    },
  );
  if (d.kind !== 'declared') fail(`payment not declared: ${JSON.stringify(d)}`);
  const paid = { paymentId: d.paymentId, claimId, duesPaise: d.duesPaise, amountPaise: d.amountPaise };
  if (!o.confirmedBy) return { ...paid, receipt: null };
  const r = await confirmPayment(db, {
    paymentId: d.paymentId,
    actor: o.confirmedBy,
    now: o.confirmedAt ?? o.at,
    botUsername: 'bot',
  });
  if (r.status !== 'confirmed') fail(`payment not confirmed: ${r.status}`);
  if (o.releasedAt) {
    const c = await db.case.findUniqueOrThrow({ where: { id: caseId } });
    const out = await releaseCattle(db, { caseNumber: c.number, actor: o.confirmedBy, now: o.releasedAt });
    if (out.status !== 'released') fail(`cattle not released: ${out.status}`);
  }
  return { ...paid, receipt: await db.receipt.findFirstOrThrow({ where: { paymentId: d.paymentId } }) };
}

/** An enrolled pound-keeper of `pounds` as the confirmation service sees him acting through a message. */
export async function keeperActor(db: Db, telegramId: number, pounds: string[], name?: string) {
  await enrolStaff(db, telegramId, 'POUND_KEEPER', pounds, name);
  return loadStaffActor(db, { telegramId: BigInt(telegramId), chatId: telegramId, messageId: 1 });
}

/**
 * In a bot test, an owner claims a case and declares payment (s. 13) or deposit (s. 15), and the outbox is delivered
 * so the keepers' payment cards exist (the test then confirms through the bot). The payment and each keeper's card id.
 */
export async function declareAndDeliver(
  h: BotHarness,
  o: {
    caseId: number;
    owner: TestUser;
    section?: 's13' | 's15';
    method?: 'CASH' | 'UPI';
    upiRef?: string | null;
  },
) {
  const { db } = h.deps;
  const declared = await payCase(db, o.caseId, {
    owner: { id: o.owner.id, name: o.owner.firstName, languageCode: o.owner.languageCode ?? null },
    section: o.section,
    method: o.method ?? 'UPI',
    upiRef: o.upiRef,
    at: h.clock.now(),
    config: h.deps.config,
  });
  // With the jobs runtime the cards go through the real dispatcher, queues and sender.
  if (h.jobs) await h.drain();
  else await flushOutbox(h.deps, h.bot.api);
  const cards = await db.paymentCard.findMany({ where: { paymentId: declared.paymentId } });
  const cardOf = (u: TestUser) => cards.find((c) => c.chatId === BigInt(u.id))!.messageId;
  return { paymentId: declared.paymentId, duesPaise: declared.duesPaise, cardOf };
}

/**
 * A confirmed s. 13 payment in cash on the first demo case by owner Suresh, confirmed by an enrolled pound-keeper, and
 * its receipt: the dues at `now` (₹940.00 on 29 Nov 2026, the desk's and the web pages' test day). The database must
 * hold the demo district (seed).
 */
export async function confirmedReceipt(
  db: Db,
  config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'>,
  now: Date,
  keeperTelegramId = 770001,
) {
  const c = await db.case.findFirstOrThrow({ orderBy: { id: 'asc' }, include: { pound: true } });
  const keeper = await keeperActor(db, keeperTelegramId, [c.pound.code], 'Keeper Ramesh Kumar');
  const paid = await payCase(db, c.id, {
    owner: { id: 990001, name: 'Owner Suresh' },
    at: now,
    config,
    confirmedBy: keeper,
  });
  return { receipt: paid.receipt!, amountPaise: paid.amountPaise, caseNumber: c.number, pound: c.pound };
}

/**
 * A receipt for one owner's heads of a register entry: a JAI1 entry of three heads impounded on 27 Nov 2026; owner
 * Suresh claims head 1 (a cow, with characters the web page must escape), co-owner Mahesh claims head 2 (a buffalo);
 * Suresh declares cash and an enrolled pound-keeper confirms it. Head 3 is nobody's yet. Returns Suresh's receipt and
 * the words of every head (so a test can check which ones a page names).
 */
export async function confirmedPartReceipt(
  db: Db,
  config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'>,
  now: Date,
  keeperTelegramId = 770101,
) {
  const c = await caseFixture(db, {
    pound: 'JAI1',
    impoundedAt: '2026-11-27T11:00:00+05:30',
    place: 'Achrol',
    heads: [
      ['cow', 'black & white, "Moti" <star>'],
      ['buffalo', 'brown, curved horns'],
      ['cow', 'red-speckled'],
    ],
  }).build();
  const keeper = await keeperActor(db, keeperTelegramId, ['JAI1'], 'Keeper Dinesh Kumar');
  const suresh = { id: 990101, name: 'Owner Suresh Part' };
  await claimCase(db, c.id, { owner: suresh, heads: [1] });
  await claimCase(db, c.id, { owner: { id: 990102, name: 'Co-owner Mahesh' }, heads: [2] });
  const paid = await payCase(db, c.id, { owner: suresh, heads: [1], at: now, config, confirmedBy: keeper });
  return {
    receipt: paid.receipt!,
    caseNumber: c.number,
    heads: c.heads.map((h) => ({ index: h.index, cattleClass: h.cattleClass, description: h.description })),
  };
}

/**
 * A payment row written directly, PENDING or CONFIRMED, without its claim, receipt, ledger or messages. Only for the
 * jobs tests (test/integration/jobs): their cases are put in a later state by `forcedState` (see there why), which the
 * services would refuse to pay into, and they assert the exact messages each person gets, which the services' own
 * (the keepers' cards, the receipt) would add to. Every other test uses `payCase`.
 */
export async function paymentWritten(
  db: Db,
  caseId: number,
  p: {
    kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
    status: 'PENDING' | 'CONFIRMED';
    amountPaise: number;
    declaredAt: Date;
    payer: bigint;
  },
) {
  await db.telegramUser.upsert({ where: { id: p.payer }, create: { id: p.payer }, update: {} });
  return db.payment.create({
    data: {
      caseId,
      kind: p.kind,
      method: 'CASH',
      amountPaise: p.amountPaise,
      duesSnapshot: {},
      status: p.status,
      payerTelegramId: p.payer,
      declaredAt: p.declaredAt,
      ...(p.status === 'CONFIRMED' ? { confirmedAt: p.declaredAt, confirmedSlot: `${caseId}:${p.kind}` } : {}),
    },
  });
}

/** The case of the demo seed in `poundCode` seized at `place`. */
export function demoCase(h: BotHarness, poundCode: string, place: string) {
  return h.deps.db.case.findFirstOrThrow({
    where: { pound: { code: poundCode }, placeOfSeizure: place },
    include: { heads: true, pound: true },
  });
}

function fail(why: string): never {
  throw new Error(`payCase: ${why}`);
}
