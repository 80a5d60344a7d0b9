import type { Lang, Translator } from '../../i18n';
import { CATTLE_CLASS_CODES, type CattleClassCode } from '../../law';
import { classOfWord } from '../owner-text';
import { csvCell } from './format';
import type { SmsLanguage } from '../sms';

/** The languages an owner's SMS may be in. */
const SMS_LANGUAGES: readonly SmsLanguage[] = ['hi', 'en'];

/**
 * The words a paper register's CSV may be written in: its column names and cattle classes in English or Hindi
 * (locales: staff:import.column.<column>, common:cattle.<class>), besides the column codes (serial, impounded …) and
 * every word the chat understands for a class ("भैंस", "bhains"). Built once from the translator by whoever reads a
 * file (the desk, the admin CLI); and the template the desk offers in each language.
 */

/** The columns, in the header's words (the first row of the file names them; order free). */
export const IMPORT_COLUMNS = [
  'serial',
  'impounded',
  'seized',
  'class',
  'count',
  'description',
  'place',
  'seizer',
  'seizer_residence',
  'owner',
  'owner_residence',
  'mobile',
  'mobile_language',
  'report',
  'notice',
  'village',
  'market',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export interface ImportWords {
  columns: ReadonlyMap<string, ImportColumn>;
  classes: ReadonlyMap<string, CattleClassCode>;
  /** The owner's SMS language as a cell may name it (hi, en, हिंदी, English …). */
  languages: ReadonlyMap<string, SmsLanguage>;
}

/** A header or class word as compared: lower case, NFC, spaces and underscores alike, no dots or brackets at the ends. */
export function wordKey(s: string): string {
  return s
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/^[.()]+|[.()]+$/g, '');
}

/** The column codes only (a file without a translator at hand: the codes are what the header names). */
export const CODE_WORDS: ImportWords = {
  columns: new Map(IMPORT_COLUMNS.map((c) => [c, c])),
  classes: new Map(CATTLE_CLASS_CODES.map((c) => [c, c])),
  languages: new Map(SMS_LANGUAGES.map((l) => [l, l])),
};

/** Every column name and class word in English and Hindi, and the codes. */
export function importWords(translator: Translator): ImportWords {
  const columns = new Map<string, ImportColumn>(CODE_WORDS.columns);
  const classes = new Map<string, CattleClassCode>(CODE_WORDS.classes);
  const languages = new Map<string, SmsLanguage>(CODE_WORDS.languages);
  for (const lang of ['en', 'hi'] as const) {
    for (const l of SMS_LANGUAGES) languages.set(wordKey(translator.t(lang, `staff:import.language.${l}`)), l);
    for (const c of IMPORT_COLUMNS) columns.set(wordKey(translator.t(lang, `staff:import.column.${c}`)), c);
    for (const c of CATTLE_CLASS_CODES)
      for (const count of [1, 2]) classes.set(wordKey(translator.t(lang, `common:cattle.${c}`, { count })), c);
  }
  return { columns, classes, languages };
}

/** The class a cell names: a code, a class as the reader's locale writes it, or a word the chat understands. */
export function classOfCell(words: ImportWords, cell: string): CattleClassCode | null {
  const k = wordKey(cell);
  return words.classes.get(k) ?? classOfWord(k);
}

/**
 * The CSV template in `lang`: the header in that language's column names, and two rows of one entry (serial 1) — a
 * cow and her calf, two kinds of cattle in one entry written on two rows with the same serial — and a second entry
 * with its s. 14 steps taken on paper. Starts with a byte order mark so a spreadsheet reads Hindi.
 */
export function importTemplate(translator: Translator, lang: Lang): string {
  const t = (key: string, o?: Record<string, unknown>) => translator.t(lang, key, o);
  const header = IMPORT_COLUMNS.map((c) => csvCell(t(`staff:import.column.${c}`)));
  const row = (v: Partial<Record<ImportColumn, string>>) => IMPORT_COLUMNS.map((c) => csvCell(v[c] ?? ''));
  const one = {
    serial: '1',
    impounded: '2026-11-17 10:00',
    place: t('staff:import.example.place'),
    seizer: t('staff:import.example.seizer'),
  };
  const rows = [
    row({
      ...one,
      class: t('common:cattle.cow', { count: 1 }),
      count: '1',
      description: t('staff:import.example.cow'),
    }),
    row({
      serial: '1',
      class: t('common:cattle.calf', { count: 1 }),
      count: '1',
      description: t('staff:import.example.calf'),
    }),
    row({
      serial: '2',
      impounded: '2026-11-01 09:00',
      class: t('common:cattle.buffalo', { count: 2 }),
      count: '2',
      description: t('staff:import.example.buffalo'),
      place: t('staff:import.example.place'),
      seizer: t('staff:import.example.seizer'),
      report: '2026-11-02 10:00',
      notice: '2026-11-02 11:00',
    }),
  ];
  return `\uFEFF${[header, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`;
}
