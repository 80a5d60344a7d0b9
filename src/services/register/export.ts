import { endOfIstDay, isLocalDate, startOfIstDay, daysBetween, type LocalDate } from '../../law';
import type { Db } from '../../db';
import type { Translate } from '../../i18n';
import { audit } from '../audit';
import { EXPORT_COLUMNS, EXPORT_RECORDS, MAX_EXPORT_DAYS, csvCell, istStamp, type RegisterRow } from './format';
import { registerRows } from './rows';
import { Refusal } from '../refusal';
import { authorizeInTx, poundsInScope, type StaffActor } from '../staff';

/**
 * The s. 7 register of one pound for India dates `from`..`to` (inclusive) as CSV: every case registered
 * (with each head), and every payment, receipt, release, court order, notice, auction, sale, ledger entry and
 * remittance dated in the range. Headers and record names are in the reader's language (`t`); amounts are
 * paise and plain rupees; times are IST. Starts with a UTF-8 byte order mark so spreadsheets read Hindi.
 */
export async function buildRegisterExport(
  db: Db,
  input: { poundId: number; from: LocalDate; to: LocalDate; t: Translate },
) {
  const { from, to, t } = input;
  if (!isLocalDate(from) || !isLocalDate(to)) throw new Refusal('EXPORT_BAD_DATE');
  if (daysBetween(from, to) < 0) throw new Refusal('EXPORT_RANGE_REVERSED');
  if (daysBetween(from, to) >= MAX_EXPORT_DAYS)
    throw new Refusal('EXPORT_RANGE_TOO_LONG', null, { days: MAX_EXPORT_DAYS });
  const gte = startOfIstDay(from);
  const lt = endOfIstDay(to);
  const inRange = { gte, lt };
  const rows = await registerRows(db, { poundId: input.poundId, inRange, t });
  rows.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      a.order - b.order ||
      String(a.case_number).localeCompare(String(b.case_number)),
  );
  const header = EXPORT_COLUMNS.map((c) => csvCell(t(`staff:export.col.${c}`))).join(',');
  const lines = rows.map((r) =>
    EXPORT_COLUMNS.map((c) => (c === 'date_time_ist' ? istStamp(r.at) : csvCell(r[c]))).join(','),
  );
  const counts = Object.fromEntries(
    EXPORT_RECORDS.map((k) => [k, rows.filter((r) => r.order === EXPORT_RECORDS.indexOf(k)).length]),
  ) as Record<(typeof EXPORT_RECORDS)[number], number>;
  return {
    csv: `\uFEFF${[header, ...lines].join('\r\n')}\r\n`,
    rows: rows.length,
    counts,
    records: rows as readonly RegisterRow[],
  };
}

/**
 * The pound an official asks the register of: the one with `code`, else the only pound in his scope (null: say
 * which pounds he may choose from, `codes`). His right at that pound is checked by the export itself.
 */
export async function exportPound(
  db: Db,
  actor: StaffActor,
  ref: { code?: string | undefined } | { id: number },
): Promise<{ pound: { id: number; code: string } | null; codes: string[] }> {
  if ('id' in ref) return { pound: await db.pound.findUnique({ where: { id: ref.id } }), codes: [] };
  const scope = poundsInScope(actor, 'register.export');
  const pounds = await db.pound.findMany({
    where: scope === 'all' ? {} : { id: { in: scope } },
    orderBy: { code: 'asc' },
  });
  const pound = ref.code
    ? await db.pound.findUnique({ where: { code: ref.code.toUpperCase() } })
    : pounds.length === 1
      ? pounds[0]!
      : null;
  return { pound, codes: pounds.map((p) => p.code) };
}

/**
 * The s. 7 register of a pound for an official with the right there, audited as 'register.export': as CSV (the
 * rows returned), or — `format: 'pdf'` — the printable extract the caller renders (only the audit is written here).
 */
export async function exportRegister(
  db: Db,
  actor: StaffActor,
  input: { pound: { id: number; code: string }; from: LocalDate; to: LocalDate; t: Translate; format: 'csv' | 'pdf' },
): Promise<Awaited<ReturnType<typeof buildRegisterExport>> | null> {
  const { pound, from, to } = input;
  // The grants as they stand now, not the bot's cached copy: a revoked official is handed no register.
  const who = await authorizeInTx(db, actor, 'register.export', pound.id);
  if (input.format === 'pdf') {
    await audit(db, who.audit, 'register.export', null, { pound: pound.code, from, to, format: 'pdf' });
    return null;
  }
  const out = await buildRegisterExport(db, { poundId: pound.id, from, to, t: input.t });
  await audit(db, who.audit, 'register.export', null, { pound: pound.code, from, to, rows: out.rows });
  return out;
}
