import { toIstDate, type SalePath, type SalePathFacts, salePath } from '../../law';

/** Columns of the register export, in order (headers are i18n keys staff:export.col.<name>). */
export const EXPORT_COLUMNS = [
  'record',
  'case_number',
  'date_time_ist',
  'section',
  'status',
  'heads',
  'cattle_class',
  'description',
  'place_of_seizure',
  'seizer',
  'owner',
  'amount_paise',
  'amount_rupees',
  'reference',
  'details',
] as const;
export type Column = (typeof EXPORT_COLUMNS)[number];
/** One register row: the export's columns, its instant and its record type's order. */
export type RegisterRow = Partial<Record<Column, string | number | null>> & { at: Date; order: number };

/** Record types in the export, in the order they are listed for the same instant. */
export const EXPORT_RECORDS = [
  'case',
  'head',
  'payment',
  'receipt',
  'release',
  'order',
  'notice',
  'auction',
  'sale',
  'ledger',
  'remittance',
] as const;

/** Longest range one export covers (a year and a day: an annual return). */
export const MAX_EXPORT_DAYS = 366;

/** Whole rupees and paise as "1250.00" (integer arithmetic, no floats). */
export function paiseToRupeesText(paise: number): string {
  const p = BigInt(paise);
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** "2026-11-29 16:05" in India time. */
export function istStamp(at: Date): string {
  const shifted = new Date(at.getTime() + 330 * 60_000);
  return `${toIstDate(at)} ${shifted.toISOString().slice(11, 16)}`;
}

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (starting = + - @ or a tab) is
 * prefixed with an apostrophe: register text comes from people typing in Telegram.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The section an auction and its sales come under: s. 16 when the owner appeared and refused or omitted to pay
 * (the cattle, or as many as necessary, sold "as referred to in section 14"), s. 14 when they were unclaimed. The
 * account stored with a held auction says which computation was made (its `inputs.mode`); before that, the case's
 * refusal decides, as it does for the sale itself (services/sale/sale.ts).
 */
export function auctionSection(a: { account: unknown }, c: SalePathFacts): SalePath {
  const mode = (a.account as { inputs?: { mode?: string } } | null)?.inputs?.mode;
  if (mode === 'S16_AS_MANY_AS_NECESSARY') return 's. 16';
  if (mode === 'S14_ALL') return 's. 14';
  return salePath(c);
}

export function person(name: string | null | undefined, residence: string | null | undefined): string {
  return [name, residence].filter(Boolean).join(', ');
}

/** Splits CSV text into rows of fields (RFC 4180 quotes; comma or semicolon as the header uses). */
export function splitCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}
