import { createHash, randomInt } from 'node:crypto';
import { type Db, Prisma } from '../../db';
import { audit, type Actor } from '../audit';
import { lockAdministeringGrants, mustKeepAdministrators } from './administering';
import type { Tx } from '../outbox';
import { Refusal } from '../refusal';
import { releasePendingSteps } from '../notice';
import type { StaffRoleCode } from './actor';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const UNAMBIGUOUS_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
/** 10 characters of a 25-letter alphabet: about 9.5 × 10^13 codes, and each expires within days. */
export const ENROLMENT_CODE_LENGTH = 10;

/** A random code from the unambiguous alphabet (crypto random, unbiased). */
export function randomCode(length: number, alphabet = UNAMBIGUOUS_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Codes are typed or tapped: compare them in one canonical form (upper case, no spaces or dashes). */
export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Only this hash of an enrolment code is stored; the code itself is printed once. */
export function hashEnrolmentCode(code: string): string {
  return createHash('sha256')
    .update(`kanji-sahayak/enrol/${normaliseCode(code)}`)
    .digest('hex');
}

/** The deep link that redeems a code. */
export function enrolmentLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=enrol_${code}`;
}

/** Creates a single-use code for `role` at `poundCodes`, valid `ttlHours`; returns the code (never stored). */
export async function issueEnrolmentCode(
  db: Db | Tx,
  input: { role: StaffRoleCode; poundCodes: string[]; name?: string | null; ttlHours: number; now: Date },
): Promise<{ id: number; code: string; expiresAt: Date }> {
  const poundCodes = [...new Set(input.poundCodes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (!Number.isInteger(input.ttlHours) || input.ttlHours < 1 || input.ttlHours > 24 * 30)
    throw new Refusal('ENROL_BAD_TTL', null, { value: String(input.ttlHours) });
  if (poundCodes.length === 0 && input.role !== 'ADMIN') throw new Refusal('ENROL_POUND_REQUIRED');
  const found = await db.pound.findMany({ where: { code: { in: poundCodes } }, select: { code: true } });
  const missing = poundCodes.filter((c) => !found.some((f) => f.code === c));
  if (missing.length) throw new Refusal('ENROL_UNKNOWN_POUND', null, { code: missing.join(',') });
  const code = randomCode(ENROLMENT_CODE_LENGTH);
  const expiresAt = new Date(input.now.getTime() + input.ttlHours * 3_600_000);
  const row = await db.enrolmentCode.create({
    data: {
      codeHash: hashEnrolmentCode(code),
      role: input.role,
      poundCodes,
      name: input.name ?? null,
      createdAt: input.now,
      expiresAt,
    },
  });
  return { id: row.id, code, expiresAt };
}

/**
 * The grant a code made. A code not accepted is a Refusal: ENROL_CODE_INVALID, _EXPIRED, _USED, _REVOKED, or
 * ENROL_THROTTLED / ENROL_THROTTLED_ALL (too many wrong codes lately: the code was not even looked at; `count` is in
 * how many minutes to try again).
 */
export interface RedeemResult {
  staffId: number;
  role: StaffRoleCode;
  name: string;
  poundCodes: string[];
}

/**
 * Guessing codes is throttled. Each refused code is an audit event ('staff.enrol_refused', actor = the
 * Telegram user; the typed code is not kept). A Telegram user with ENROL_MAX_FAILURES refusals in the last
 * ENROL_WINDOW_MS is refused without the code being looked at — even the right one — until the oldest of
 * them is older than the window (a lock of at most 15 minutes after the 5th wrong code, renewed while wrong
 * codes keep coming). Everyone is refused alike while ENROL_GLOBAL_MAX refusals from anybody fall within
 * ENROL_GLOBAL_WINDOW_MS (many accounts guessing together). With 25^10 codes, 5 guesses per 15 minutes per
 * account and 60 per 10 minutes in all, guessing is hopeless; an administrator can issue a new code anytime.
 */
export const ENROL_MAX_FAILURES = 5;
export const ENROL_WINDOW_MS = 15 * 60_000;
export const ENROL_GLOBAL_MAX = 60;
export const ENROL_GLOBAL_WINDOW_MS = 10 * 60_000;
/** The audit action of a refused enrolment code. */
export const ENROL_REFUSED_ACTION = 'staff.enrol_refused';

/**
 * Minutes until the oldest of the last `max` refused codes matching `who` leaves the window, or null when
 * fewer than `max` fall in it. One sliding window, used per person and for everyone (a guessing run spread
 * over many accounts).
 */
async function minutesUntilFree(
  db: Db,
  who: { actorTelegramId?: bigint },
  max: number,
  windowMs: number,
  now: Date,
): Promise<number | null> {
  const refused = await db.auditEvent.findMany({
    where: { action: ENROL_REFUSED_ACTION, ...who, at: { gt: new Date(now.getTime() - windowMs) } },
    orderBy: { at: 'desc' },
    take: max,
    select: { at: true },
  });
  if (refused.length < max) return null;
  const freeAt = refused[max - 1]!.at.getTime() + windowMs;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
}

/** Refuses while the throttle holds (ENROL_THROTTLED for this person, ENROL_THROTTLED_ALL for everyone). */
async function mustNotBeThrottled(db: Db, telegramId: bigint, now: Date): Promise<void> {
  const mine = await minutesUntilFree(db, { actorTelegramId: telegramId }, ENROL_MAX_FAILURES, ENROL_WINDOW_MS, now);
  if (mine !== null) throw new Refusal('ENROL_THROTTLED', null, { count: mine });
  const all = await minutesUntilFree(db, {}, ENROL_GLOBAL_MAX, ENROL_GLOBAL_WINDOW_MS, now);
  if (all !== null) throw new Refusal('ENROL_THROTTLED_ALL', null, { count: all });
}

/**
 * Redeems a code (redeemCode) unless the throttle says no. A refused code is audited (ids and the reason only) —
 * the audit is what the throttle counts, so it is kept although the code is refused — and the Refusal thrown.
 */
export async function redeemEnrolmentCode(
  db: Db,
  input: { code: string; telegramId: bigint; firstName: string; chatId: bigint | number; messageId: number; now: Date },
): Promise<RedeemResult> {
  await mustNotBeThrottled(db, input.telegramId, input.now);
  try {
    return await redeemCode(db, input);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    // `at` by deps.clock, as the throttle counts (the audit helper leaves it to the database's clock).
    await db.auditEvent.create({
      data: {
        at: input.now,
        actorTelegramId: input.telegramId,
        actorRole: 'owner',
        action: ENROL_REFUSED_ACTION,
        chatId: BigInt(input.chatId),
        messageId: input.messageId,
        details: { refusal: e.code.replace(/^ENROL_CODE_/, '') },
      },
    });
    throw e;
  }
}

/**
 * Binds the numeric Telegram user id to the code's role and pounds, in one transaction. The code is
 * single-use: StaffMember.enrolmentCodeId is unique, so a second use — even a concurrent one — fails on
 * that key and is answered as USED. Usernames are never looked at.
 */
async function redeemCode(
  db: Db,
  input: { code: string; telegramId: bigint; firstName: string; chatId: bigint | number; messageId: number; now: Date },
): Promise<RedeemResult> {
  const code = normaliseCode(input.code);
  if (!/^[A-Z0-9]{6,32}$/.test(code)) throw new Refusal('ENROL_CODE_INVALID');
  const row = await db.enrolmentCode.findUnique({
    where: { codeHash: hashEnrolmentCode(code) },
    include: { staff: true },
  });
  if (!row) throw new Refusal('ENROL_CODE_INVALID');
  if (row.revokedAt) throw new Refusal('ENROL_CODE_REVOKED');
  if (row.usedAt || row.staff) throw new Refusal('ENROL_CODE_USED');
  if (row.expiresAt.getTime() <= input.now.getTime()) throw new Refusal('ENROL_CODE_EXPIRED');
  const name = row.name?.trim() || input.firstName;
  try {
    const staff = await db.$transaction(async (tx) => {
      const claimed = await tx.enrolmentCode.updateMany({
        where: { id: row.id, usedAt: null, revokedAt: null },
        data: { usedAt: input.now },
      });
      if (claimed.count !== 1) return null;
      await tx.telegramUser.upsert({
        where: { id: input.telegramId },
        create: { id: input.telegramId, firstName: input.firstName },
        update: {},
      });
      const pounds = await tx.pound.findMany({ where: { code: { in: row.poundCodes } } });
      const member = await tx.staffMember.create({
        data: {
          telegramUserId: input.telegramId,
          role: row.role,
          name,
          enrolmentCodeId: row.id,
          enrolledAt: input.now,
          pounds: { create: pounds.map((p) => ({ poundId: p.id })) },
        },
      });
      await audit(
        tx,
        {
          telegramId: input.telegramId,
          staffId: member.id,
          role: roleName(row.role),
          chatId: input.chatId,
          messageId: input.messageId,
        },
        'staff.enrol',
        null,
        { enrolmentCodeId: row.id, role: row.role, pounds: row.poundCodes },
      );
      // A statutory step waiting for an official of these pounds (no officer had the s. 14 report) runs now.
      await releasePendingSteps(
        tx,
        pounds.map((p) => p.id),
        input.now,
      );
      return member;
    });
    if (!staff) throw new Refusal('ENROL_CODE_USED');
    return { staffId: staff.id, role: staff.role, name: staff.name, poundCodes: row.poundCodes };
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') throw new Refusal('ENROL_CODE_USED');
    throw e;
  }
}

function roleName(role: StaffRoleCode) {
  return ({ POUND_KEEPER: 'pound_keeper', OFFICER: 'officer', MAGISTRATE: 'magistrate', ADMIN: 'admin' } as const)[
    role
  ];
}

/** A grant a revocation would end, with its pounds (what `revokeStaff`'s `authorize` is shown). */
export type GrantToEnd = Prisma.StaffMemberGetPayload<{ include: { pounds: true } }>;

/** The audit action of a revocation refused (who asked, which grant, why). */
export const REVOKE_REFUSED_ACTION = 'staff.revoke_refused';

/**
 * Ends a person's grants (all, one role, or one grant by `staffId`); returns how many grants ended. In one
 * transaction that first locks every administering grant (`lockAdministeringGrants`): `authorize` (the chat's and
 * the desk's official) decides on the grants to end and returns who revokes; a revocation that would leave a pound
 * no one to administer it is refused (`mustKeepAdministrators`). The admin CLI revokes as the administrator, nobody
 * on Telegram. Each grant ended is audited ('staff.revoke'), each refusal too (REVOKE_REFUSED_ACTION), with who.
 */
export async function revokeStaff(
  db: Db,
  input: {
    telegramId?: bigint;
    role?: StaffRoleCode;
    staffId?: number;
    now: Date;
    authorize?: (tx: Tx, ending: GrantToEnd[]) => Promise<Actor>;
    /** The last word before the grants end, once every rule has passed (a confirmation still owed refuses). */
    confirmed?: () => void;
    /** Who is recorded as asking when a refusal comes before `authorize` could say (the cached official). */
    asking?: Actor;
  },
): Promise<number> {
  if (input.telegramId === undefined && input.staffId === undefined) throw new Error('revokeStaff: whose grants?');
  const asking = input.asking ?? CLI_ADMIN;
  try {
    return await db.$transaction(async (tx) => {
      const held = await lockAdministeringGrants(tx);
      const where = {
        revokedAt: null,
        ...(input.telegramId !== undefined ? { telegramUserId: input.telegramId } : {}),
        ...(input.role ? { role: input.role } : {}),
        ...(input.staffId !== undefined ? { id: input.staffId } : {}),
      };
      const members = await tx.staffMember.findMany({ where, include: { pounds: true }, orderBy: { id: 'asc' } });
      const by = input.authorize ? await input.authorize(tx, members) : CLI_ADMIN;
      await mustKeepAdministrators(
        tx,
        held,
        members.map((m) => ({ id: m.id, role: m.role, poundIds: m.pounds.map((p) => p.poundId) })),
      );
      input.confirmed?.();
      const res = await tx.staffMember.updateMany({
        where: { id: { in: members.map((m) => m.id) }, revokedAt: null },
        data: { revokedAt: input.now },
      });
      for (const m of members) {
        await audit(tx, by, 'staff.revoke', null, {
          staffId: m.id,
          telegramId: String(m.telegramUserId),
          role: m.role,
        });
      }
      return res.count;
    });
  } catch (e) {
    // A confirmation asked for is no refusal; every other refused revocation is kept in the audit log.
    if (e instanceof Refusal && e.code !== 'STAFF_REVOKE_SELF_UNCONFIRMED')
      await audit(db, asking, REVOKE_REFUSED_ACTION, null, {
        reason: e.code,
        ...(input.staffId !== undefined ? { staffId: input.staffId } : {}),
        ...(input.telegramId !== undefined ? { telegramId: String(input.telegramId) } : {}),
        ...(input.role ? { role: input.role } : {}),
      });
    throw e;
  }
}

/** The admin CLI in the audit log: the server's operator, nobody on Telegram. */
const CLI_ADMIN: Actor = { telegramId: null, role: 'admin' };
