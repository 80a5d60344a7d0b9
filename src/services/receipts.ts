import { termFor, toIstDate, type Section } from '../law';
import { Prisma } from '../db';
import { randomCode, UNAMBIGUOUS_ALPHABET } from './staff';
import type { Tx } from './outbox';

/** A stored receipt. */
type Receipt = Prisma.ReceiptGetPayload<object>;

/** One line of a receipt: what was paid under which section. */
export interface ReceiptItem {
  kind: 'fine' | 'feeding' | 'security' | 'total';
  section: string;
  amountPaise: number;
  /** 'fine' or 'penalty' for a s. 12 line (Act 8 of 2026 changed the word from 1 June 2026). */
  term?: 'fine' | 'penalty';
  cattleClass?: string;
  heads?: number;
  days?: number;
}

/** Receipt kinds (ReceiptKind enum). */
export type ReceiptKindCode = 'S13_PAYMENT' | 'S15_DEPOSIT' | 'S16_BALANCE' | 'SURPLUS_CLAIM';

const SECTION_OF_KIND: Record<ReceiptKindCode, Section> = {
  S13_PAYMENT: 's. 13',
  S15_DEPOSIT: 's. 15',
  S16_BALANCE: 's. 16',
  SURPLUS_CLAIM: 's. 17',
};

/** The verification code printed on a receipt: 8 characters of the unambiguous alphabet. */
export const VERIFICATION_CODE_LENGTH = 8;

/**
 * The link printed with a receipt and put in its QR code, which shows the receipt's details to anyone
 * holding it. `linkBase` is what receiptLinkBase() chose: the public page `<PUBLIC_URL>/r/<code>` (any phone
 * browser, no Telegram needed) when PUBLIC_URL is configured, else the bot's deep link t.me/<bot>?start=verify_<code>.
 */
export function verificationLink(linkBase: string, code: string): string {
  if (/^https?:\/\//.test(linkBase)) return `${linkBase.replace(/\/+$/, '')}/r/${encodeURIComponent(code)}`;
  return `https://t.me/${linkBase}?start=verify_${code}`;
}

/** The base verificationLink() builds on: PUBLIC_URL when set, else the bot's username. */
export function receiptLinkBase(config: { PUBLIC_URL?: string | undefined }, botUsername: string): string {
  return config.PUBLIC_URL ?? botUsername;
}

/** "JAI1-R-2026-000123": pound code, R, India year of issue, serial in that pound and year. */
export function receiptNumber(poundCode: string, year: number, seq: number): string {
  return `${poundCode}-R-${year}-${String(seq).padStart(6, '0')}`;
}

function asLine(x: unknown): {
  kind: string;
  section: string;
  amountPaise: number;
  term?: string;
  cattleClass?: string;
  heads?: number;
  days?: number;
} | null {
  if (!x || typeof x !== 'object') return null;
  const l = x as Record<string, unknown>;
  if (typeof l.kind !== 'string' || typeof l.section !== 'string' || !Number.isSafeInteger(l.amountPaise)) return null;
  return l as never;
}

/**
 * Receipt lines from the dues snapshot the owner was shown (the statute engine's DuesBreakdown, as JSON):
 * one line per s. 12 / s. 5 / s. 12A line. When the snapshot has no usable lines, or its lines do not add
 * up to the amount received, a single line for the whole amount under the receipt's section is used instead.
 */
export function receiptItemsFromSnapshot(
  snapshot: unknown,
  amountPaise: number,
  kind: ReceiptKindCode,
  at: Date,
): ReceiptItem[] {
  const raw = (snapshot as { lines?: unknown } | null)?.lines;
  const lines = Array.isArray(raw) ? raw.map(asLine) : [];
  // The word of the section the receipt is given under (s. 13 / s. 15 keep "fines"; Act 8 of 2026 amends s. 16 only).
  const term = termFor(at, SECTION_OF_KIND[kind]);
  const fallback: ReceiptItem[] = [{ kind: 'total', section: SECTION_OF_KIND[kind], amountPaise }];
  if (lines.length === 0 || lines.some((l) => l === null)) return fallback;
  const items: ReceiptItem[] = [];
  for (const l of lines as NonNullable<ReturnType<typeof asLine>>[]) {
    if (l.kind !== 'fine' && l.kind !== 'feeding' && l.kind !== 'security') return fallback;
    const item: ReceiptItem = { kind: l.kind, section: l.section, amountPaise: l.amountPaise };
    if (l.kind === 'fine') item.term = term.ok ? term.value.term : 'fine';
    if (typeof l.cattleClass === 'string') item.cattleClass = l.cattleClass;
    if (Number.isSafeInteger(l.heads)) item.heads = l.heads!;
    if (Number.isSafeInteger(l.days)) item.days = l.days!;
    items.push(item);
  }
  const sum = items.reduce((s, i) => s + i.amountPaise, 0);
  return sum === amountPaise ? items : fallback;
}

/** Totals of receipt items by kind (for a message with fixed slots). */
export function itemTotals(items: readonly ReceiptItem[]): {
  finePaise: number;
  feedingPaise: number;
  securityPaise: number;
} {
  const sum = (k: ReceiptItem['kind']) => items.filter((i) => i.kind === k).reduce((s, i) => s + i.amountPaise, 0);
  return { finePaise: sum('fine'), feedingPaise: sum('feeding'), securityPaise: sum('security') };
}

/** A LIKE pattern matching every text that starts with `prefix` (its own % and _ taken literally). */
function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A receipt's columns as `Receipt` has them (the kind as its name). */
const RECEIPT_COLUMNS = Prisma.sql`"id", "number", "caseId", "kind"::text AS "kind", "amountPaise", "items",
  "verificationCode", "paymentId", "issuedAt", "issuedToTelegramId"`;

/** Tries before a verification code that clashes every time is taken for a fault (25^8 codes: never in practice). */
const CODE_TRIES = 5;

/**
 * Issues a receipt inside the caller's transaction. The pound's row is locked (SELECT ... FOR UPDATE) while
 * the next serial of the year is read, so two receipts issued at once in one pound get different numbers: the
 * serial is read by the insert itself, a statement after the lock, so it sees every receipt committed before the
 * lock was granted. A receipt for a payment is issued once (Receipt.paymentId is unique): asking again returns the
 * first. A verification code never points at two receipts (unique): a clash inserts nothing and a new code is drawn.
 */
export async function issueReceipt(
  tx: Tx,
  input: {
    caseId: number;
    pound: { id: number; code: string };
    kind: ReceiptKindCode;
    amountPaise: number;
    items: ReceiptItem[];
    paymentId?: number | null;
    issuedToTelegramId?: bigint | null;
    now: Date;
  },
): Promise<Receipt> {
  await tx.$queryRaw`SELECT id FROM "Pound" WHERE id = ${input.pound.id} FOR UPDATE`;
  const year = Number(toIstDate(input.now).slice(0, 4));
  const prefix = `${input.pound.code}-R-${year}-`;
  for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
    const code = randomCode(VERIFICATION_CODE_LENGTH, UNAMBIGUOUS_ALPHABET);
    // The serial after the year's last receipt in the pound, as receiptNumber() writes it (six digits, zero-padded).
    const rows = await tx.$queryRaw<Receipt[]>`
      INSERT INTO "Receipt" ("number", "caseId", "kind", "amountPaise", "items", "verificationCode", "paymentId",
        "issuedAt", "issuedToTelegramId")
      SELECT ${prefix} || lpad((coalesce(
          (SELECT substr(r."number", ${prefix.length + 1})::bigint FROM "Receipt" r
            WHERE r."number" LIKE ${startsWithPattern(prefix)} ORDER BY r."number" DESC LIMIT 1), 0) + 1)::text, 6, '0'),
        ${input.caseId}, CAST(${input.kind}::text AS "ReceiptKind"), ${input.amountPaise}::bigint,
        ${JSON.stringify(input.items)}::jsonb, ${code}, ${input.paymentId ?? null}::int, ${input.now}::timestamptz,
        ${input.issuedToTelegramId ?? null}::bigint
      ON CONFLICT DO NOTHING
      RETURNING ${RECEIPT_COLUMNS}`;
    if (rows[0]) return rows[0];
    if (input.paymentId != null) {
      const [existing] = await tx.$queryRaw<Receipt[]>`
        SELECT ${RECEIPT_COLUMNS} FROM "Receipt" WHERE "paymentId" = ${input.paymentId}::int`;
      if (existing) return existing;
    }
  }
  throw new Error(`receipt for case ${input.caseId}: no free verification code in ${CODE_TRIES} tries`);
}
