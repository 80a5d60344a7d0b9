import type { Db } from '../../db';
import type { Actor } from '../audit';
import { type GrantToEnd, issueEnrolmentCode, revokeStaff } from './enrolment';
import { cleanPersonName } from '../person-name';
import type { Tx } from '../outbox';
import { Refusal } from '../refusal';
import { actorInTx, type StaffActor, type StaffRoleCode } from './actor';

/**
 * Staff administration without a shell: an administrator (any pound) and the District Magistrate's office (the
 * pounds of its district, i.e. of its own grants) issue enrolment codes, list and revoke staff from the chat and the
 * staff desk — the same single-use codes the admin CLI prints (src/services/staff/enrolment.ts), redeemed through the same
 * throttled /start enrol_<code>. Issuing is audited and capped per official; revoking is audited with who did it.
 * An administrator grant is given by the CLI only.
 *
 * Nobody acts on a grant above his own (STAFF_RANK): an administrator on any grant, another administrator's too; the
 * Magistrate's office on the keepers', officers' and Magistrate's office grants wholly within its district (a
 * colleague of the same district is of the same rank), never on an administrator's. Nobody removes the last grant
 * that can administer a pound (src/services/staff/administering.ts). His own grant is revoked only once he
 * confirms. Every decision is taken on the grants as they stand inside the writing transaction, never on the bot's
 * cached copy.
 */

/** Rank in staff administration: an official acts on grants of his rank or below. */
export const STAFF_RANK = { POUND_KEEPER: 1, OFFICER: 1, MAGISTRATE: 2, ADMIN: 3 } as const satisfies Record<
  StaffRoleCode,
  number
>;

/** Roles an official may enrol from the chat or the desk. */
export const ENROLLABLE_ROLES = ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const satisfies readonly StaffRoleCode[];
export type EnrollableRole = (typeof ENROLLABLE_ROLES)[number];
/** Codes one official may issue in ISSUE_WINDOW_MS (a stolen phone cannot mint codes without end). */
export const ISSUE_MAX = 10;
export const ISSUE_WINDOW_MS = 60 * 60_000;
/** The audit action of a code issued from the chat or the desk. */
export const ENROL_ISSUED_ACTION = 'staff.enrol_issued';

/** The pounds whose staff `actor` administers: 'all' (administrator), the Magistrate office's pounds, or none. */
export function staffAdminScope(actor: StaffActor): number[] | 'all' | null {
  if (actor.administrator) return 'all';
  const pounds = actor.grants.filter((g) => g.role === 'MAGISTRATE').flatMap((g) => g.poundIds);
  return pounds.length ? [...new Set(pounds)].sort((a, b) => a - b) : null;
}

/** True when a grant of `role` at `poundIds` is within `scope` and not above the Magistrate's office's rank. */
function inAdminScope(scope: number[] | 'all', role: StaffRoleCode, poundIds: readonly number[]): boolean {
  if (scope === 'all') return true;
  if (STAFF_RANK[role] > STAFF_RANK.MAGISTRATE) return false;
  return poundIds.length > 0 && poundIds.every((p) => scope.includes(p));
}

/** True when `actor` may enrol, list and revoke staff (of some pounds). */
export function administersStaff(actor: StaffActor): boolean {
  return staffAdminScope(actor) !== null;
}

function auditActor(actor: StaffActor): Actor {
  const g = actor.grants.find((x) => x.role === 'ADMIN') ?? actor.grants.find((x) => x.role === 'MAGISTRATE');
  return {
    telegramId: actor.telegramId,
    staffId: g?.staffId ?? null,
    role: g?.role === 'ADMIN' ? 'admin' : 'magistrate',
    chatId: actor.chatId,
    messageId: actor.messageId,
  };
}

/** A code issued. */
export interface IssueResult {
  code: string;
  expiresAt: Date;
  role: EnrollableRole;
  poundCodes: string[];
}

/**
 * Issues a single-use enrolment code for `role` at `poundCodes`, if `actor` administers those pounds. Refuses
 * STAFF_ADMIN_NOT_ALLOWED, ENROL_BAD_ROLE, ENROL_BAD_NAME, ENROL_UNKNOWN_POUND (also for a pound outside the
 * official's district) or ENROL_ISSUE_THROTTLED (`count`: minutes until another code may be issued).
 */
export async function issueStaffCode(
  db: Db,
  actor: StaffActor,
  input: { role: string; poundCodes: string[]; name?: string | null; ttlHours: number; now: Date },
): Promise<IssueResult> {
  if (!(ENROLLABLE_ROLES as readonly string[]).includes(input.role)) throw new Refusal('ENROL_BAD_ROLE');
  const role = input.role as EnrollableRole;
  let name: string | null = null;
  if (input.name != null && input.name.trim() !== '') {
    name = cleanPersonName(input.name);
    if (!name) throw new Refusal('ENROL_BAD_NAME');
  }
  const codes = [...new Set(input.poundCodes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (!codes.length || codes.some((c) => !/^[A-Z0-9_-]{1,20}$/.test(c))) throw new Refusal('ENROL_UNKNOWN_POUND');
  return db.$transaction(async (tx) => {
    // The official's grants as they stand now, not the bot's cached copy: a revoked one issues nothing.
    const me = await actorInTx(tx, actor);
    const scope = staffAdminScope(me);
    if (scope === null) throw new Refusal('STAFF_ADMIN_NOT_ALLOWED');
    const pounds = await tx.pound.findMany({ where: { code: { in: codes } }, select: { id: true, code: true } });
    if (pounds.length !== codes.length || (scope !== 'all' && pounds.some((p) => !scope.includes(p.id))))
      throw new Refusal('ENROL_UNKNOWN_POUND');
    const recent = await tx.auditEvent.findMany({
      where: {
        action: ENROL_ISSUED_ACTION,
        actorTelegramId: actor.telegramId,
        at: { gt: new Date(input.now.getTime() - ISSUE_WINDOW_MS) },
      },
      orderBy: { at: 'desc' },
      take: ISSUE_MAX,
      select: { at: true },
    });
    if (recent.length >= ISSUE_MAX) {
      const freeAt = recent[ISSUE_MAX - 1]!.at.getTime() + ISSUE_WINDOW_MS;
      throw new Refusal('ENROL_ISSUE_THROTTLED', null, {
        count: Math.max(1, Math.ceil((freeAt - input.now.getTime()) / 60_000)),
      });
    }
    const issued = await issueEnrolmentCode(tx, {
      role,
      poundCodes: codes,
      name,
      ttlHours: input.ttlHours,
      now: input.now,
    });
    const who = auditActor(me);
    await tx.auditEvent.create({
      data: {
        at: input.now,
        actorTelegramId: actor.telegramId,
        actorStaffId: who.staffId ?? null,
        actorRole: who.role,
        action: ENROL_ISSUED_ACTION,
        chatId: actor.chatId == null ? null : BigInt(actor.chatId),
        messageId: actor.messageId,
        details: { enrolmentCodeId: issued.id, role, pounds: codes },
      },
    });
    return { code: issued.code, expiresAt: issued.expiresAt, role, poundCodes: codes };
  });
}

/** One enrolled official as the chat and the desk list them. */
export interface StaffListEntry {
  id: number;
  telegramId: bigint;
  name: string;
  role: StaffRoleCode;
  poundCodes: string[];
  enrolledAt: Date;
  /** The official's own grant. */
  self: boolean;
}

/**
 * Active staff whose grants `actor` may revoke: of the pounds he administers, none above his rank (an
 * administrator: everyone, administrators too). `self` marks his own grants (revoked only once he confirms).
 */
export async function listStaff(db: Db, actor: StaffActor): Promise<StaffListEntry[]> {
  const scope = staffAdminScope(await actorInTx(db, actor));
  if (scope === null) throw new Refusal('NOT_ALLOWED', null, {});
  const rows = await db.staffMember.findMany({
    where: { revokedAt: null, ...(scope === 'all' ? {} : { pounds: { some: { poundId: { in: scope } } } }) },
    include: { pounds: { include: { pound: { select: { id: true, code: true } } } } },
    orderBy: [{ role: 'asc' }, { id: 'asc' }],
  });
  return rows
    .filter((s) =>
      inAdminScope(
        scope,
        s.role,
        s.pounds.map((p) => p.poundId),
      ),
    )
    .map((s) => ({
      id: s.id,
      telegramId: s.telegramUserId,
      name: s.name,
      role: s.role,
      poundCodes: s.pounds.map((p) => p.pound.code).sort(),
      enrolledAt: s.enrolledAt,
      self: s.telegramUserId === actor.telegramId,
    }));
}

/**
 * Ends one grant (StaffMember `staffId`) when `actor` may act on it (see above) — decided in the revoking
 * transaction on his grants as they stand there, after the administering grants are locked. Refuses
 * STAFF_ADMIN_NOT_ALLOWED (he administers no pound now), STAFF_NOT_REVOKED (unknown, already revoked or outside his
 * district: the same answer), STAFF_REVOKE_ABOVE (an administrator's grant), STAFF_REVOKE_SELF_UNCONFIRMED (his own
 * grant, `selfConfirmed` not given), STAFF_LAST_ADMIN or STAFF_LAST_MAGISTRATE. Returns the member revoked.
 */
export async function revokeStaffGrant(
  db: Db,
  actor: StaffActor,
  staffId: number,
  now: Date,
  opts: { selfConfirmed?: boolean } = {},
): Promise<StaffListEntry> {
  let done: StaffListEntry | undefined;
  const mayEnd = async (tx: Tx, ending: GrantToEnd[]): Promise<Actor> => {
    const me = await actorInTx(tx, actor);
    const scope = staffAdminScope(me);
    if (scope === null) throw new Refusal('STAFF_ADMIN_NOT_ALLOWED');
    const m = ending[0];
    if (!m) throw new Refusal('STAFF_NOT_REVOKED');
    const poundIds = m.pounds.map((p) => p.poundId);
    if (scope !== 'all' && STAFF_RANK[m.role] > STAFF_RANK.MAGISTRATE) throw new Refusal('STAFF_REVOKE_ABOVE');
    if (!inAdminScope(scope, m.role, poundIds)) throw new Refusal('STAFF_NOT_REVOKED');
    const self = m.telegramUserId === actor.telegramId;
    const codes = await tx.pound.findMany({ where: { id: { in: poundIds } }, select: { code: true } });
    done = {
      id: m.id,
      telegramId: m.telegramUserId,
      name: m.name,
      role: m.role,
      poundCodes: codes.map((p) => p.code).sort(),
      enrolledAt: m.enrolledAt,
      self,
    };
    return auditActor(me);
  };
  // His own grant is asked about only once every rule lets it go (not asked, then refused as the last one).
  const confirmed = () => {
    if (done?.self && !opts.selfConfirmed) throw new Refusal('STAFF_REVOKE_SELF_UNCONFIRMED');
  };
  const n = await revokeStaff(db, { staffId, now, authorize: mayEnd, confirmed, asking: auditActor(actor) });
  if (n !== 1 || !done) throw new Refusal('STAFF_NOT_REVOKED');
  return done;
}

/** A role as an official types it after /enrol (English or Hindi words, the CLI's spellings). */
export function roleFromWord(word: string): EnrollableRole | null {
  const w = word.trim().toLowerCase();
  if (['keeper', 'pound-keeper', 'poundkeeper', 'प्रभारी', 'कांजी-हाउस-प्रभारी'].includes(w)) return 'POUND_KEEPER';
  if (['officer', 'अधिकारी'].includes(w)) return 'OFFICER';
  if (['magistrate', 'dm', 'मजिस्ट्रेट'].includes(w)) return 'MAGISTRATE';
  return null;
}
