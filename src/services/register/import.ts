import { checkBackEntry, type PaperStepTimes } from '../../law';
import type { Db } from '../../db';
import { classOfCell, CODE_WORDS, IMPORT_COLUMNS, type ImportColumn, type ImportWords, wordKey } from './import-words';
import { splitCsv } from './format';
import { importKey } from './paper-serial';
import { Refusal, refusalOf } from '../refusal';
import { MAX_FIELD_LENGTH, registerSeizure, validateSeizureEntry, type SeizureEntry } from './seizure';
import { authorize, type StaffActor } from '../staff';
import { CONTROL_OR_FORMAT, controlCharIn, parseDateTime } from '../typed-input';
import {
  type ImportMobiles,
  type MobileNote,
  type MobileProblem,
  mobileNote,
  readMobileCells,
  stoppedNumbers,
} from './import-mobile';
import type { SealedMobile } from '../sms';

/**
 * A pound's paper register brought into the bot as a CSV file (the staff desk's import): one row per s. 8 entry,
 * with the s. 14 steps already taken on paper. First a dry run (`previewRegisterImport`: every row checked as the
 * entry and the back-entry would be — the s. 8 checks, the statute engine's s. 14 checks — and nothing written), then
 * the import (`importRegister`), each row through the same `registerSeizure` as the chat and the desk form, keyed by
 * the paper register's serial number: a row imported twice (the file sent again) is one entry. The owner's mobile,
 * where SMS is set up, as the seizure form takes it (src/services/register/import-mobile.ts): sealed as it is read.
 */

export { IMPORT_COLUMNS } from './import-words';
type Column = ImportColumn;
const REQUIRED: readonly Column[] = ['serial', 'impounded', 'class', 'count', 'description', 'place', 'seizer'];
/** The columns of one kind of cattle: what a further row of the same serial adds to its entry. */
const GROUP: readonly Column[] = ['serial', 'class', 'count', 'description'];
const TIMES = ['impounded', 'seized', 'report', 'notice', 'village', 'market'] as const;

/** Most rows one file may hold (a bigger register goes in parts). */
export const MAX_IMPORT_ROWS = 200;
/** Most characters of one file. */
export const MAX_IMPORT_CHARS = 200_000;
/** Longest serial number of the paper register (it is part of the entry's key). */
export const MAX_SERIAL_LENGTH = 40;

/** Why a row cannot be read (before any law is applied). */
export type RowProblem =
  | 'BAD_HEADER'
  | 'TOO_MANY_ROWS'
  | 'BAD_COLUMNS'
  | 'MISSING'
  | 'BAD_TIME'
  | 'BAD_COUNT'
  | 'DUPLICATE_SERIAL'
  /** A control or format character (`detail`: which, as U+XXXX) — the desk's form refuses them too. */
  | 'BAD_TEXT'
  /** Longer than the form allows (`detail`: the most characters). */
  | 'TOO_LONG'
  /** The owner's mobile: SMS not set up, not a mobile number, or an SMS language that is none. */
  | MobileProblem;

/** One row of the register as read: its line, its serial and the entry with its paper steps. */
export interface ImportRow {
  line: number;
  serial: string;
  entry: Omit<SeizureEntry, 'poundId'>;
  paperSteps: PaperStepTimes;
  /** The owner's mobile, sealed (never the number typed). */
  mobile: SealedMobile | null;
}

/**
 * A row's outcome: to be entered / entered (with its number) / entered before / refused (why, with its section); with
 * an owner's mobile, whether it is (to be) recorded for SMS about the case or recorded stopped (it once replied STOP).
 */
export type RowOutcome =
  | { line: number; serial: string; status: 'ready'; mobile?: MobileNote }
  | { line: number; serial: string; status: 'entered'; number: string; mobile?: MobileNote }
  | { line: number; serial: string; status: 'already'; number: string }
  | { line: number; serial: string; status: 'unreadable'; problem: RowProblem; field?: string; detail?: string }
  | { line: number; serial: string; status: 'refused'; error: Refusal };

/**
 * Reads the file: the rows, and the rows that cannot be read (with what is wrong). Column names and cattle classes
 * in any of `words` (import-words.ts: English or Hindi). Several rows with one serial are one entry of several kinds
 * of cattle (a cow and her calf): each later row adds its class, count and description, and leaves the entry's other
 * facts empty or the same.
 */
export function readRegisterCsv(
  text: string,
  words: ImportWords = CODE_WORDS,
  mobiles: ImportMobiles = {},
): { rows: ImportRow[]; unreadable: RowOutcome[] } {
  const unreadable: RowOutcome[] = [];
  if (text.length > MAX_IMPORT_CHARS) return { rows: [], unreadable: [bad(0, '', 'TOO_MANY_ROWS')] };
  const all = splitCsv(text);
  const header = (all[0] ?? []).map((h) => words.columns.get(wordKey(h)) ?? h);
  const index = new Map<Column, number>();
  for (const c of IMPORT_COLUMNS) if (header.includes(c)) index.set(c, header.indexOf(c));
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length) return { rows: [], unreadable: [bad(1, '', 'BAD_HEADER', missing.join(', '))] };
  if (all.length - 1 > MAX_IMPORT_ROWS) return { rows: [], unreadable: [bad(0, '', 'TOO_MANY_ROWS')] };
  const rows: ImportRow[] = [];
  const seen = new Map<string, { row: ImportRow; get: (c: Column) => string }>();
  for (const [i, fields] of all.slice(1).entries()) {
    const line = i + 2;
    const get = (c: Column) => (index.has(c) ? (fields[index.get(c)!] ?? '').trim() : '');
    // The serial is shown back in the desk's table and the CLI's lines: never with a control character, never long.
    const serial = shown(get('serial'));
    if (fields.length > header.length) {
      unreadable.push(bad(line, serial, 'BAD_COLUMNS'));
      continue;
    }
    // Every field as the desk's form checks it: no control or format character (a NUL would not even reach the
    // database), no more than the form's length.
    const badText = textProblem(index, get);
    if (badText) {
      unreadable.push(bad(line, serial, badText.problem, badText.field, badText.detail));
      continue;
    }
    const key = serial.toUpperCase();
    const earlier = seen.get(key);
    const empty = REQUIRED.find((c) => get(c) === '' && !(earlier && !GROUP.includes(c)));
    if (empty) {
      unreadable.push(bad(line, serial, 'MISSING', empty));
      continue;
    }
    if (earlier) {
      // Another kind of cattle of the same entry: its other facts empty or as the entry's first row has them.
      const differs = IMPORT_COLUMNS.find((c) => !GROUP.includes(c) && get(c) !== '' && get(c) !== earlier.get(c));
      const count = Number(get('count'));
      if (differs) unreadable.push(bad(line, serial, 'DUPLICATE_SERIAL', differs));
      else if (!/^\d{1,3}$/.test(get('count')) || count < 1) unreadable.push(bad(line, serial, 'BAD_COUNT', 'count'));
      else
        earlier.row.entry.groups.push({
          cattleClass: classOfCell(words, get('class')) ?? get('class').toLowerCase(),
          count,
          descriptions: [get('description')],
        });
      continue;
    }
    const times: Partial<Record<(typeof TIMES)[number], Date | null>> = {};
    const badTime = TIMES.find((c) => {
      const v = get(c);
      if (!v) return false;
      times[c] = parseDateTime(v.replace(/^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2})$/, '$1 $2'));
      return times[c] === null;
    });
    if (badTime) {
      unreadable.push(bad(line, serial, 'BAD_TIME', badTime));
      continue;
    }
    const count = Number(get('count'));
    if (!/^\d{1,3}$/.test(get('count')) || count < 1) {
      unreadable.push(bad(line, serial, 'BAD_COUNT', 'count'));
      continue;
    }
    const m = readMobileCells(
      get('mobile'),
      get('mobile_language'),
      words.languages,
      mobiles.seal ?? null,
      mobiles.language ?? 'hi',
    );
    if (m.problem) {
      unreadable.push(bad(line, serial, m.problem, m.field));
      continue;
    }
    const row: ImportRow = {
      line,
      serial,
      entry: {
        groups: [
          {
            cattleClass: classOfCell(words, get('class')) ?? get('class').toLowerCase(),
            count,
            descriptions: [get('description')],
          },
        ],
        impoundedAt: times.impounded!,
        seizedAt: times.seized ?? null,
        seizerName: get('seizer'),
        seizerResidence: get('seizer_residence') || get('place'),
        ownerName: get('owner') || null,
        ownerResidence: get('owner_residence') || null,
        placeOfSeizure: get('place'),
      },
      paperSteps: {
        report: times.report ?? null,
        notice: times.notice ?? null,
        village: times.village ?? null,
        market: times.market ?? null,
      },
      mobile: m.mobile,
    };
    rows.push(row);
    seen.set(key, { row, get });
  }
  return { rows, unreadable };
}

function bad(line: number, serial: string, problem: RowProblem, field?: string, detail?: string): RowOutcome {
  return { line, serial, status: 'unreadable', problem, ...(field ? { field } : {}), ...(detail ? { detail } : {}) };
}

/** The first field of a row the form would refuse as text, and why. */
function textProblem(
  index: Map<Column, number>,
  get: (c: Column) => string,
): { problem: 'BAD_TEXT' | 'TOO_LONG'; field: Column; detail: string } | null {
  for (const c of index.keys()) {
    const v = get(c);
    const ch = controlCharIn(v);
    if (ch) return { problem: 'BAD_TEXT', field: c, detail: ch };
    const max = c === 'serial' ? MAX_SERIAL_LENGTH : MAX_FIELD_LENGTH;
    if (v.length > max) return { problem: 'TOO_LONG', field: c, detail: String(max) };
  }
  return null;
}

/** A serial as it may be shown: control and format characters as "?", cut to its longest. */
function shown(serial: string): string {
  const clean = serial.replace(new RegExp(CONTROL_OR_FORMAT.source, 'gu'), '?');
  return clean.length > MAX_SERIAL_LENGTH ? `${clean.slice(0, MAX_SERIAL_LENGTH)}…` : clean;
}

/** Judges one row as the entry and its back-entry would be judged; throws the refusal. */
function judge(row: ImportRow, poundId: number, now: Date): void {
  const v = validateSeizureEntry({ ...row.entry, poundId }, now);
  const checked = checkBackEntry(
    { status: 'IMPOUNDED', impoundedAt: row.entry.impoundedAt, seizedAt: v.seizedAt, heads: v.heads.length },
    row.paperSteps,
    now,
  );
  if (!checked.ok) throw refusalOf(checked.refusals[0]);
}

/** The file read for a pound whose register the actor keeps: its rows, the rows that do not read, the stopped numbers. */
async function readForPound(
  db: Db,
  actor: StaffActor,
  poundId: number,
  text: string,
  words: ImportWords,
  mobiles: ImportMobiles,
) {
  authorize(actor, 'seizure.register', poundId);
  const { rows, unreadable } = readRegisterCsv(text, words, mobiles);
  return { rows, unreadable, stopped: await stoppedNumbers(db, rows) };
}

/** The dry run: every row's outcome, nothing written. */
export async function previewRegisterImport(
  db: Db,
  actor: StaffActor,
  poundId: number,
  text: string,
  now: Date,
  words: ImportWords = CODE_WORDS,
  mobiles: ImportMobiles = {},
): Promise<RowOutcome[]> {
  const { rows, unreadable, stopped } = await readForPound(db, actor, poundId, text, words, mobiles);
  const earlier = await db.case.findMany({
    where: { registerKey: { in: rows.map((r) => importKey(poundId, r.serial)) } },
    select: { registerKey: true, number: true },
  });
  const known = new Map(earlier.map((c) => [c.registerKey, c.number]));
  const out: RowOutcome[] = [...unreadable];
  for (const row of rows) {
    const number = known.get(importKey(poundId, row.serial));
    if (number) {
      out.push({ line: row.line, serial: row.serial, status: 'already', number });
      continue;
    }
    try {
      judge(row, poundId, now);
      out.push({ line: row.line, serial: row.serial, status: 'ready', ...mobileNote(row, stopped) });
    } catch (e) {
      out.push(refusedRow(row, e));
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/** The import: each row that reads is entered (with its paper steps) in its own transaction; the rest say why. */
export async function importRegister(
  db: Db,
  actor: StaffActor,
  poundId: number,
  text: string,
  now: Date,
  words: ImportWords = CODE_WORDS,
  mobiles: ImportMobiles = {},
): Promise<RowOutcome[]> {
  const { rows, unreadable, stopped } = await readForPound(db, actor, poundId, text, words, mobiles);
  const out: RowOutcome[] = [...unreadable];
  for (const row of rows) {
    try {
      const r = await registerSeizure(db, {
        entry: { ...row.entry, poundId },
        actor,
        now,
        registerKey: importKey(poundId, row.serial),
        paperSteps: row.paperSteps,
        ownerMobile: row.mobile,
      });
      const { line, serial } = row;
      out.push(
        r.replay
          ? { line, serial, status: 'already', number: r.case.number }
          : { line, serial, status: 'entered', number: r.case.number, ...mobileNote(row, stopped) },
      );
    } catch (e) {
      // The rights refusal is the whole file's, not a row's.
      if (e instanceof Refusal && (e.code === 'NOT_ALLOWED' || e.code === 'WRONG_POUND')) throw e;
      out.push(refusedRow(row, e));
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

function refusedRow(row: ImportRow, e: unknown): RowOutcome {
  if (e instanceof Refusal) return { line: row.line, serial: row.serial, status: 'refused', error: e };
  throw e;
}
