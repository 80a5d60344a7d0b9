import type { DbReader } from '../dues';
import { parseIndianMobile, type SealedMobile, type SmsLanguage } from '../sms';
import { wordKey } from './import-words';

/**
 * The owner's mobile as a column of the paper register's CSV (src/services/register/import.ts), under the rules of
 * the seizure form's mobile: only where SMS is set up; checked as an Indian mobile number; sealed at once
 * (MobileVault: only the cipher, its tag and the last four digits go further — the number typed is in no outcome, no
 * log, no job); recorded by `registerSeizure` under a function under law, for SMS about this case only
 * (src/services/sms/owner-mobile.ts). A number that once replied STOP is recorded stopped and gets no SMS, as from the
 * form; the dry run says so for its row. Anything beyond the owner's own case needs his own consent, which only he
 * gives (src/services/sms/own-consent.ts): an import never gives it.
 */

/** Seals ten digits (MobileVault). */
export interface MobileSeal {
  seal(tenDigits: string): { cipher: string; numberTag: string; last4: string };
}

/** Why a row's mobile cannot be taken. */
export type MobileProblem =
  /** A number given where SMS is not set up: it could be neither sealed nor used. */
  | 'NO_SMS'
  /** Not an Indian mobile number (ten digits from 6–9, with +91, 91 or 0 before them at most). */
  | 'BAD_MOBILE'
  /** The SMS language is neither Hindi nor English. */
  | 'BAD_LANGUAGE';

/** A row's mobile as read (sealed, or none given), or the row's problem with it (shown beside that row's cell). */
export type MobileCells =
  | { mobile: SealedMobile | null; problem?: undefined }
  | { problem: MobileProblem; field: 'mobile' | 'mobile_language' };

/**
 * A row's mobile and SMS language cells: none given, the number sealed with its language (the cell's, else
 * `fallback`), or what is wrong. The number is read here and leaves only sealed.
 */
export function readMobileCells(
  cell: string,
  languageCell: string,
  languages: ReadonlyMap<string, SmsLanguage>,
  seal: MobileSeal | null,
  fallback: SmsLanguage,
): MobileCells {
  if (cell === '') return { mobile: null };
  if (!seal) return { problem: 'NO_SMS', field: 'mobile' };
  const digits = parseIndianMobile(cell);
  if (!digits) return { problem: 'BAD_MOBILE', field: 'mobile' };
  const language = languageCell === '' ? fallback : languages.get(wordKey(languageCell));
  if (!language) return { problem: 'BAD_LANGUAGE', field: 'mobile_language' };
  return { mobile: { ...seal.seal(digits), language } };
}

/** Sealing the owner's mobile (MobileVault; none: SMS is not set up) and the SMS language when the row names none. */
export interface ImportMobiles {
  seal?: MobileSeal | null;
  language?: SmsLanguage;
}

/** What becomes of a row's mobile: recorded for SMS about the case, or recorded stopped (it once replied STOP). */
export type MobileNote = 'recorded' | 'stopped';

/** The tags of the rows' numbers that once replied STOP (SmsOptOut): recorded stopped, no SMS sent to them. */
export async function stoppedNumbers(
  db: DbReader,
  rows: ReadonlyArray<{ mobile: SealedMobile | null }>,
): Promise<Set<string>> {
  const tags = rows.flatMap((r) => (r.mobile ? [r.mobile.numberTag] : []));
  if (!tags.length) return new Set();
  const found = await db.smsOptOut.findMany({ where: { numberTag: { in: tags } }, select: { numberTag: true } });
  return new Set(found.map((r) => r.numberTag));
}

/** A row's outcome's note on its mobile (none without one). */
export function mobileNote(
  row: { mobile: SealedMobile | null },
  stopped: ReadonlySet<string>,
): { mobile?: MobileNote } {
  if (!row.mobile) return {};
  return { mobile: stopped.has(row.mobile.numberTag) ? 'stopped' : 'recorded' };
}
