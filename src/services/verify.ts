import type { DbReader } from './dues';
import type { HeadWords } from './head-label';
import type { ReceiptItem } from './receipts';
import { normaliseTyped } from './typed-input';
import { paiseOf } from '../db';

/**
 * Receipt verification (/verify <code>): anyone may check that a receipt is genuine. The answer carries
 * only the receipt's public facts — number, case, amount, date, kind, and for one owner's heads of an entry the heads
 * it covers — never a name or residence.
 */

/** The verification code as typed, reduced to letters and digits in upper case ("ab12 cd-34" → "AB12CD34"). */
export function normaliseVerificationCode(input: string): string {
  return normaliseTyped(input)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** The public facts of a genuine receipt. */
export interface VerifiedReceipt {
  number: string;
  caseNumber: string;
  amountPaise: number;
  issuedAt: Date;
  kind: 'S13_PAYMENT' | 'S15_DEPOSIT' | 'S16_BALANCE' | 'SURPLUS_CLAIM';
  /**
   * A receipt for one owner's heads of a register entry (a part payment or deposit): the heads it covers,
   * in register order (class and description, as the register describes them — no name or residence). Absent for a
   * receipt of the whole entry.
   */
  heads?: HeadWords[];
  /**
   * How many animals the receipt is for, so that one reads singular ("to take the animal back"): a part receipt's
   * heads, else the heads of its s. 12 lines as issued. Absent when the receipt has one line for the whole amount.
   */
  headCount?: number;
}

/**
 * Finds the receipt whose verification code matches the typed one, ignoring case, spaces and dashes;
 * null when none does (or the input is too short or too long to be a code).
 */
export async function verifyReceipt(db: DbReader, input: string): Promise<VerifiedReceipt | null> {
  const id = await receiptIdByCode(db, input);
  if (id === null) return null;
  const r = await db.receipt.findUnique({
    where: { id },
    include: { case: { select: { number: true } }, payment: { select: PART_HEADS_SELECT } },
  });
  if (!r) return null;
  return verifiedOf(r);
}

/** What a receipt's payment tells of the heads it covers: whether it was a part payment, and its claim's heads. */
const PART_HEADS_SELECT = {
  part: true,
  claim: { select: { heads: { select: { head: { select: { index: true, cattleClass: true, description: true } } } } } },
} as const;

type PartHeadsRow = {
  part: boolean;
  claim: { heads: Array<{ head: { index: number; cattleClass: string; description: string } }> } | null;
} | null;

/** The /verify facts of a receipt row read with its case's number and its payment's part heads. */
function verifiedOf(r: {
  number: string;
  case: { number: string };
  amountPaise: bigint | number;
  issuedAt: Date;
  kind: VerifiedReceipt['kind'];
  items: unknown;
  payment: PartHeadsRow;
}): VerifiedReceipt {
  const facts = { number: r.number, caseNumber: r.case.number, issuedAt: r.issuedAt, kind: r.kind };
  const part = partHeadsOf(r.payment);
  const headCount = part.heads?.length ?? receiptHeads(r.items);
  return { ...facts, amountPaise: paiseOf(r.amountPaise), ...part, ...(headCount ? { headCount } : {}) };
}

/** The heads a receipt's s. 12 lines charge (one line per class); 0 when it has none (one line for the whole sum). */
export function receiptHeads(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  return (items as ReceiptItem[])
    .filter((i) => i?.kind === 'fine' && Number.isSafeInteger(i.heads))
    .reduce((s, i) => s + i.heads!, 0);
}

/**
 * `{ heads }` for a receipt of one owner's heads of an entry (a part payment), in register order; `{}` for
 * a receipt of the whole entry. Class and description only, as the register and the receipt PDF describe them.
 */
function partHeadsOf(payment: PartHeadsRow): { heads?: HeadWords[] } {
  const heads = payment?.part ? (payment.claim?.heads.map((x) => x.head) ?? []).sort((a, b) => a.index - b.index) : [];
  return heads.length ? { heads: heads.map((h) => ({ cattleClass: h.cattleClass, description: h.description })) } : {};
}

/**
 * What the public receipt page (GET /r/<code>) shows: the /verify facts (with a part receipt's heads), the pound, and
 * the role that confirmed the money.
 */
export interface PublicReceipt extends VerifiedReceipt {
  pound: { code: string; name: string; nameHi: string };
  /** The enrolled role that confirmed the payment (s. 13 / s. 15); null for a receipt issued without a payment. */
  confirmedByRole: 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE' | 'ADMIN' | null;
}

/**
 * The public facts of the receipt with this code, or null. Unlike /verify, a code of any shape is looked
 * up (an input too short or too long simply finds nothing), so the time taken does not tell a malformed
 * code from an unknown one.
 */
export async function publicReceipt(db: DbReader, input: string): Promise<PublicReceipt | null> {
  const id = await receiptIdByCode(db, input, true);
  if (id === null) return null;
  const r = await db.receipt.findUnique({
    where: { id },
    include: {
      case: { select: { number: true, pound: { select: { code: true, name: true, nameHi: true } } } },
      payment: { select: { confirmedByStaffId: true, ...PART_HEADS_SELECT } },
    },
  });
  if (!r) return null;
  const staffId = r.payment?.confirmedByStaffId;
  const staff = staffId ? await db.staffMember.findUnique({ where: { id: staffId }, select: { role: true } }) : null;
  return {
    ...verifiedOf(r),
    pound: r.case.pound,
    confirmedByRole: staff?.role ?? null,
  };
}

async function receiptIdByCode(db: DbReader, input: string, alwaysQuery = false): Promise<number | null> {
  let code = normaliseVerificationCode(input);
  if (code.length < 4 || code.length > 64) {
    if (!alwaysQuery) return null;
    code = '-';
  }
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    SELECT "id" FROM "Receipt"
    WHERE regexp_replace(upper("verificationCode"), '[^A-Z0-9]', '', 'g') = ${code}
    LIMIT 2`;
  // Two receipts reducing to the same code would make the answer ambiguous: treat as not verified.
  if (rows.length !== 1) return null;
  return rows[0]!.id;
}
