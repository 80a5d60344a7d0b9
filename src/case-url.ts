import QRCode from 'qrcode';

/**
 * The address of a case's public page, and whether the notice's QR code can hold it — a leaf module (no import of the
 * tree), so the configuration can refuse a PUBLIC_URL at start without importing the services.
 *
 * The public case page: what the s. 14 notice makes public about one register entry, readable in any phone
 * browser without Telegram. `publicUrl` is PUBLIC_URL (config.ts strips a trailing slash; tolerated here too),
 * `caseNumber` a register number such as "JAI1-2026-17". The page is served at `GET /c/<number>`
 * (src/http/case-page.ts); the seizure slip's QR and the notice's QR point here when PUBLIC_URL is set.
 */
export function caseUrl(publicUrl: string, caseNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/c/${encodeURIComponent(caseNumber)}`;
}

/**
 * The longest case number allocateCaseNumber (src/services/case-numbers.ts) can make, for checks of what must hold
 * one (the notice's QR code): a pound code of 8 letters and 3 digits (POUND_CODE, src/services/cases.ts), a
 * four-digit year and the largest serial a Postgres integer counter reaches.
 */
export const LONGEST_CASE_NUMBER = `${'W'.repeat(8)}999-9999-${2 ** 31 - 1}`;

/** The error correction of every QR code the documents print (src/documents/engine.ts): M survives a smudge. */
export const QR_ERROR_CORRECTION = 'M';

/**
 * Whether the notice's QR code can hold the case page's address under `publicUrl` for every case number the system
 * makes: a PUBLIC_URL too long for it would fail every notice PDF, so config.ts refuses it at start.
 */
export function qrHoldsCaseUrl(publicUrl: string): boolean {
  try {
    QRCode.create(caseUrl(publicUrl, LONGEST_CASE_NUMBER), { errorCorrectionLevel: QR_ERROR_CORRECTION });
    return true;
  } catch {
    return false;
  }
}
