import type { Prisma } from '../../db';

/**
 * The serial number an entry has in the pound's paper register (s. 7), for an entry brought in from it. It is kept
 * in the entry's key (`Case.registerKey` "paper:<pound id>:<serial>", upper case), which makes a row imported twice
 * one entry; shown on the desk's register and entry, in the s. 7 export and its printed extract, and searched.
 */

const PREFIX = 'paper:';

/** The entry's key for the paper register's serial at a pound (a row sent twice is one entry). */
export function importKey(poundId: number, serial: string): string {
  return `${PREFIX}${poundId}:${serial.trim().toUpperCase()}`;
}

/** The paper register's serial an entry's key carries, or null for an entry not brought in from paper. */
export function paperSerialOf(registerKey: string | null | undefined, poundId: number): string | null {
  const head = `${PREFIX}${poundId}:`;
  return registerKey?.startsWith(head) ? registerKey.slice(head.length) : null;
}

/** The entries of a pound whose paper serial begins with `q` (as typed; serials are kept in upper case). */
export function paperSerialSearch(poundId: number, q: string): Prisma.CaseWhereInput {
  return { registerKey: { startsWith: importKey(poundId, q) } };
}
