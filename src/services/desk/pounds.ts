import type { Db } from '../../db';
import type { CaseStatus } from '../../law';
import { FINISHED_STATUSES } from '../deadlines';
import { poundsInScope, type StaffActor } from '../staff';

/**
 * Read models of the staff desk (the Telegram Mini App, src/http/desk): the s. 7 register of a pound as a table, one
 * entry with every fact, the work falling due, the money by section, the district at a glance — one file per view
 * beside this one. Every read is scoped to the pounds the actor's grants name (an administrator: all). The views are
 * pure functions of these. Here: the pounds a user sees and the statuses every view groups by.
 */

/** Statuses of an entry still in hand (the register's "open" filter). */
export const OPEN_STATUSES = [
  'IMPOUNDED',
  'PAYMENT_PENDING',
  'DEPOSIT_PENDING',
  'DEPOSITED_S15',
  'REPORTED_S14',
  'NOTICE_POSTED',
  'AUCTION_SCHEDULED',
  'PARTLY_SOLD',
  'SURPLUS_HELD',
] as const satisfies readonly CaseStatus[];
export const FINISHED = new Set<string>(FINISHED_STATUSES);
/** Statuses in which cattle are in the pound and dues run (ss. 12, 13). */
export const DUES_RUN = new Set<string>([
  'IMPOUNDED',
  'PAYMENT_PENDING',
  'DEPOSIT_PENDING',
  'REPORTED_S14',
  'NOTICE_POSTED',
  'AUCTION_SCHEDULED',
  'PARTLY_SOLD',
]);

/**
 * The staff desk's address for Telegram (menu button, web_app buttons): PUBLIC_URL/desk when PUBLIC_URL is https
 * (Telegram opens Mini Apps over https only); null when the desk cannot be offered.
 */
export function deskUrl(config: { PUBLIC_URL?: string | undefined }): string | null {
  return config.PUBLIC_URL?.startsWith('https://') ? `${config.PUBLIC_URL}/desk` : null;
}

/** A pound as the desk lists it. */
export interface DeskPound {
  id: number;
  code: string;
  name: string;
  nameHi: string;
}

/** The pounds whose register `actor` may read (keeper, officer, Magistrate's office; an administrator: all). */
export async function deskPounds(db: Db, actor: StaffActor): Promise<DeskPound[]> {
  const scope = poundsInScope(actor, 'register.export');
  return db.pound.findMany({
    where: scope === 'all' ? {} : { id: { in: scope } },
    select: { id: true, code: true, name: true, nameHi: true },
    orderBy: { code: 'asc' },
  });
}

/** True when `actor` sees the district overview: the Magistrate's office, or an administrator. */
export function seesDistrict(actor: StaffActor): boolean {
  return actor.administrator || actor.grants.some((g) => g.role === 'MAGISTRATE');
}
