import type { Db } from '../../../src/db';
import { toIstDate } from '../../../src/law';
import { allocateCaseNumber, villageKey } from '../../../src/services/case-numbers';
import { searchKeysOf } from '../../../src/services/owner-text';

/** The s. 8 register entry. Dates as instants or ISO strings with their offset. */
export interface CaseEntry {
  /** Pound code (default JAI1, as in the demo seed). */
  pound?: string;
  impoundedAt: string | Date;
  /** The register's time of seizure (default: none recorded = when impounded). */
  seizedAt?: Date | null;
  /** Place of seizure (default Kunda). */
  place?: string;
  /** [class, description] per head, in register order (default one brown cow). */
  heads?: Array<[cls: string, desc: string]>;
  /** The owner as recorded on the entry (his Telegram id; his name defaults to Ramesh). */
  ownerTelegramId?: bigint | null;
  ownerName?: string | null;
  seizerName?: string;
  /** The seizer's residence (default: the place of seizure) and the owner's, as the register records them. */
  seizerResidence?: string;
  ownerResidence?: string | null;
  /** When the entry was made (default: the impounding). */
  registeredAt?: Date;
  /**
   * A database with no demo seed (tests of the database's own rules): the pound, its area and state are
   * made when missing.
   */
  makePound?: boolean;
}

/**
 * Writes the s. 8 entry as `registerSeizure` writes it (number from `allocateCaseNumber`, the village and search keys),
 * without the keepers' broadcast. The case id.
 */
export async function writeEntry(db: Db, e: CaseEntry): Promise<number> {
  const code = e.pound ?? 'JAI1';
  const pound = e.makePound ? await barePound(db, code) : await db.pound.findUniqueOrThrow({ where: { code } });
  const impoundedAt = new Date(e.impoundedAt);
  const place = e.place ?? 'Kunda';
  const heads = e.heads ?? [['cow', 'brown']];
  const created = await db.$transaction(async (tx) => {
    const { number, seq } = await allocateCaseNumber(tx, pound, Number(toIstDate(impoundedAt).slice(0, 4)));
    return tx.case.create({
      data: {
        number,
        poundId: pound.id,
        year: Number(toIstDate(impoundedAt).slice(0, 4)),
        seq,
        impoundedAt,
        seizedAt: e.seizedAt ?? null,
        placeOfSeizure: place,
        villageKey: villageKey(place),
        searchKeys: searchKeysOf(
          place,
          heads.map(([, d]) => d),
        ),
        seizerName: e.seizerName ?? 'Mohan Lal',
        seizerResidence: e.seizerResidence ?? place,
        ownerResidence: e.ownerResidence ?? null,
        ownerName: e.ownerName !== undefined ? e.ownerName : e.ownerTelegramId ? 'Ramesh' : null,
        ownerTelegramId: e.ownerTelegramId ?? null,
        registeredAt: registeredAtOf(e),
        heads: { create: heads.map(([cls, desc], i) => ({ index: i + 1, cattleClass: cls, description: desc })) },
      },
      select: { id: true },
    });
  });
  return created.id;
}

/** When the entry was made (default: the impounding). */
export function registeredAtOf(e: CaseEntry): Date {
  return e.registeredAt ?? new Date(e.impoundedAt);
}

/** A pound (with its state and area) in a database with no demo seed. */
async function barePound(db: Db, code: string) {
  await db.state.upsert({
    where: { code: 'RJ' },
    create: { code: 'RJ', name: 'Rajasthan', nameHi: 'राजस्थान' },
    update: {},
  });
  const area = await db.area.upsert({
    where: { code: 'JAI' },
    create: { code: 'JAI', name: 'Jaipur', nameHi: 'जयपुर', stateCode: 'RJ' },
    update: {},
  });
  return db.pound.upsert({
    where: { code },
    create: {
      code,
      name: `Jaipur Pound ${code}`,
      nameHi: `जयपुर कांजी हाउस ${code}`,
      areaId: area.id,
      address: 'x',
      policeStation: 'y',
    },
    update: {},
  });
}
