import type { Role } from '../../law';
import { Prisma, type Db } from '../../db';
import type { Actor } from '../audit';
import { Refusal } from '../refusal';

/**
 * Who an official is and what he may do — the one place staff rights are decided.
 *
 * The bot builds a `StaffActor` once per update (bot/middleware/user.ts: `ctx.actor`) from grants it may have
 * cached for a few seconds; scripts and tests build one with `staffActorOf` / `loadStaffActor`. The bot asks
 * `may(...)` before it shows a command or a button, and a service may refuse early with `authorize(actor, ...)`
 * on those grants. But every service action that records money, releases cattle, issues a document or changes
 * a case decides with `authorizeInTx(tx, actor, right, poundId)` inside its own transaction: the grants are read
 * again there, so a dismissed official can do nothing from the moment the revocation commits.
 */

/** A staff role as stored (the database's StaffRole enum). */
export type StaffRoleCode = 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE' | 'ADMIN';
/** A role the statute knows (an administrator is none of them; he acts as one). */
export type StatutoryRoleCode = Exclude<StaffRoleCode, 'ADMIN'>;

/** An active grant: a role bound to a Telegram user id, for some pounds. */
export interface Grant {
  staffId: number;
  role: StaffRoleCode;
  name: string;
  poundIds: number[];
}

/** The Telegram message a staff action came through (audit: who, when, via which message). */
export interface Via {
  telegramId: bigint;
  chatId: bigint | number | null;
  messageId: number | null;
}

/** The person acting: Telegram id, the message acted through, active grants and whether he administers. */
export interface StaffActor extends Via {
  readonly grants: readonly Grant[];
  /** Holds an ADMIN grant: passes every right at every pound (see `authorize`). */
  readonly administrator: boolean;
}

/** What an official may do, and which statutory roles may do it. One row per right; nothing else decides. */
export const RIGHTS = {
  /** s. 7 register entry (/register). */
  'seizure.register': ['POUND_KEEPER'],
  /** ss. 13, 15: confirm or reject an owner's payment; the keeper's pending list. */
  'payment.confirm': ['POUND_KEEPER'],
  /** s. 13/15: release on a receipt. */
  release: ['POUND_KEEPER'],
  /** Release on an order (any official of the pound may record it). */
  'release.order': ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'],
  /** s. 7 register export. */
  'register.export': ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'],
  /** Seeing a case's orders. */
  'order.view': ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'],
  /** s. 14 notice and proclamations. */
  notice: ['OFFICER'],
  /** s. 14 steps already taken on paper (report, notice, proclamations), entered with their paper dates. */
  'paper.steps': ['POUND_KEEPER', 'OFFICER'],
  /** s. 14 auction: schedule, bidders (s. 19), sale, account (s. 16), division and remittances (s. 17). */
  auction: ['OFFICER'],
  /** s. 16: the owner appeared and refused or omitted to pay. */
  'owner.refusal': ['OFFICER', 'POUND_KEEPER'],
  /** The auction screen (keeper and officer). */
  'auction.view': ['POUND_KEEPER', 'OFFICER'],
  /** Orders of the Magistrate: record an order, s. 14 proviso disposal, s. 15 deposit outcome, s. 17 surplus. */
  magistrate: ['MAGISTRATE'],
} as const satisfies Record<string, readonly StatutoryRoleCode[]>;
/** A right named in `RIGHTS`. */
export type StaffRight = keyof typeof RIGHTS;

const LAW_ROLE = {
  POUND_KEEPER: 'pound_keeper',
  OFFICER: 'officer',
  MAGISTRATE: 'magistrate',
  ADMIN: 'admin',
} as const satisfies Record<StaffRoleCode, Role>;

/** The statute engine's (and the audit log's) role name for a staff role. */
export function lawRole<R extends StaffRoleCode>(role: R): (typeof LAW_ROLE)[R] {
  return LAW_ROLE[role];
}

/** A StaffActor from grants and the message acted through. */
export function staffActorOf(grants: readonly Grant[], via: Via): StaffActor {
  return {
    telegramId: via.telegramId,
    chatId: via.chatId,
    messageId: via.messageId,
    grants,
    administrator: grants.some((g) => g.role === 'ADMIN'),
  };
}

/** Active (not revoked) grants of a Telegram user. */
export async function loadGrants(db: Db, telegramId: bigint): Promise<Grant[]> {
  const rows = await db.staffMember.findMany({
    where: { telegramUserId: telegramId, revokedAt: null },
    include: { pounds: true },
    orderBy: { id: 'asc' },
  });
  return rows.map((s) => ({ staffId: s.id, role: s.role, name: s.name, poundIds: s.pounds.map((p) => p.poundId) }));
}

/** The StaffActor of a Telegram user (scripts, tests, jobs). */
export async function loadStaffActor(db: Db, via: Via): Promise<StaffActor> {
  return staffActorOf(await loadGrants(db, via.telegramId), via);
}

/** A transaction (or the database, for an action that is one statement). */
type Reader = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** A grant row as `grantsInTxSql` reads it: one per pound of each active grant (none: a null pound). */
export type GrantRow = { staffId: number; role: StaffRoleCode; name: string; poundId: number | null };

/**
 * The statement reading the active grants of a Telegram user inside a transaction, one row per grant and pound: the
 * transaction's own connection, so a revocation committed before it is seen. The rows are locked FOR SHARE until the
 * transaction ends: a revocation committing meanwhile waits for this action, and is not undone by it.
 */
export function grantsInTxSql(telegramId: bigint): Prisma.Sql {
  return Prisma.sql`SELECT s."id" AS "staffId", s."role"::text AS "role", s."name", p."poundId"
    FROM "StaffMember" s LEFT JOIN "StaffPound" p ON p."staffId" = s."id"
    WHERE s."telegramUserId" = ${telegramId} AND s."revokedAt" IS NULL
    ORDER BY s."id", p."poundId"
    FOR SHARE OF s`;
}

/** Grants from `grantsInTxSql`'s rows, in their order. */
export function grantsOfRows(rows: readonly GrantRow[]): Grant[] {
  const grants: Grant[] = [];
  for (const r of rows) {
    let g = grants.at(-1);
    if (g?.staffId !== r.staffId) grants.push((g = { staffId: r.staffId, role: r.role, name: r.name, poundIds: [] }));
    if (r.poundId !== null) g.poundIds.push(r.poundId);
  }
  return grants;
}

/** Active grants of a Telegram user read in one statement on `tx` (`grantsInTxSql`: seen as committed, FOR SHARE). */
export async function loadGrantsInTx(tx: Reader, telegramId: bigint): Promise<Grant[]> {
  return grantsOfRows(await tx.$queryRaw<GrantRow[]>(grantsInTxSql(telegramId)));
}

/** `actor` with his grants as they stand now, read inside `tx` (see `loadGrantsInTx`). */
export async function actorInTx(tx: Reader, actor: StaffActor): Promise<StaffActor> {
  return staffActorOf(await loadGrantsInTx(tx, actor.telegramId), actor);
}

/**
 * `authorize` on the grants as they stand inside `tx` (one small SELECT), never on a cached copy: how every action
 * that records money, releases cattle, issues a document or changes a case checks its right.
 */
export async function authorizeInTx(
  tx: Reader,
  actor: StaffActor,
  right: StaffRight,
  poundId?: number,
): Promise<Authorized> {
  return authorize(await actorInTx(tx, actor), right, poundId);
}

/**
 * `authorizeInTx` on grant rows its transaction has already read with `grantsInTxSql` — as part of a larger statement
 * (the keeper's confirmation reads them with the payment): the same check on the same rows, a statement fewer.
 */
export function authorizeOnRowsInTx(
  rows: readonly GrantRow[],
  actor: StaffActor,
  right: StaffRight,
  poundId?: number,
): Authorized {
  return authorize(staffActorOf(grantsOfRows(rows), actor), right, poundId);
}

/** What `authorize` grants: the statute engine's role to act as, and the audit actor. */
export interface Authorized {
  /** The statutory role acted as (an administrator without a matching grant acts as the right's first role). */
  readonly role: StatutoryRoleCode;
  /** The statute engine's name of `role`. */
  readonly lawRole: Role;
  /** The grant acted under (an administrator's ADMIN grant when no statutory grant covers the pound). */
  readonly grant: Grant;
  /** Who did it, for `audit(...)`: the administrator is audited as 'admin'. */
  readonly audit: Actor;
}

/** The actor's own grant for the first of `roles` (in the right's order) that he holds at `poundId`. */
function statutoryGrant(
  actor: StaffActor,
  roles: readonly StatutoryRoleCode[],
  poundId: number | undefined,
): Grant | undefined {
  for (const role of roles) {
    const g = actor.grants.find((x) => x.role === role && (poundId === undefined || x.poundIds.includes(poundId)));
    if (g) return g;
  }
  return undefined;
}

/**
 * May `actor` exercise `right` at `poundId` (at some pound when omitted)? Returns the role and audit actor to
 * act with; throws Refusal NOT_ALLOWED (no role for the right at all: an owner, or a keeper asking an
 * officer's action) or WRONG_POUND (the role, but not at this pound).
 *
 * Administrators, everywhere the same: an administrator passes every right at every pound. If he also holds a
 * statutory grant that fits (a keeper who administers, at his own pound) he acts under it; otherwise he acts as
 * the right's first role and is audited as 'admin'.
 */
export function authorize(actor: StaffActor, right: StaffRight, poundId?: number): Authorized {
  const roles: readonly StatutoryRoleCode[] = RIGHTS[right];
  const grant = statutoryGrant(actor, roles, poundId);
  if (grant) {
    const role = grant.role as StatutoryRoleCode;
    return { role, lawRole: LAW_ROLE[role], grant, audit: auditOf(actor, grant.staffId, LAW_ROLE[role]) };
  }
  const admin = actor.grants.find((g) => g.role === 'ADMIN');
  if (admin) {
    const role = roles[0]!;
    return { role, lawRole: LAW_ROLE[role], grant: admin, audit: auditOf(actor, admin.staffId, 'admin') };
  }
  if (!statutoryGrant(actor, roles, undefined))
    throw new Refusal('NOT_ALLOWED', null, poundId === undefined ? {} : { poundId });
  throw new Refusal('WRONG_POUND', null, poundId === undefined ? {} : { poundId });
}

/** True when `authorize(actor, right, poundId)` would pass (for showing a command or a button). */
export function may(actor: StaffActor, right: StaffRight, poundId?: number): boolean {
  return actor.administrator || statutoryGrant(actor, RIGHTS[right], poundId) !== undefined;
}

/** True when `actor` holds `role` itself (not only through administration) at `poundId` (any pound when omitted). */
export function holds(actor: StaffActor, role: StatutoryRoleCode, poundId?: number): boolean {
  return statutoryGrant(actor, [role], poundId) !== undefined;
}

/** The role `actor` would act as for `right` at `poundId`, or undefined (for choosing a screen). */
export function roleFor(actor: StaffActor, right: StaffRight, poundId?: number): StatutoryRoleCode | undefined {
  return may(actor, right, poundId) ? authorize(actor, right, poundId).role : undefined;
}

/** Pound ids where `actor` may exercise `right`; 'all' for an administrator. */
export function poundsInScope(actor: StaffActor, right: StaffRight): number[] | 'all' {
  if (actor.administrator) return 'all';
  const roles: readonly StatutoryRoleCode[] = RIGHTS[right];
  return [
    ...new Set(actor.grants.filter((g) => g.role !== 'ADMIN' && roles.includes(g.role)).flatMap((g) => g.poundIds)),
  ].sort((a, b) => a - b);
}

function auditOf(actor: StaffActor, staffId: number, role: Actor['role']): Actor {
  return { telegramId: actor.telegramId, staffId, role, chatId: actor.chatId, messageId: actor.messageId };
}
