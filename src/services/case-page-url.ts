import QRCode from 'qrcode';
import { LONGEST_CASE_NUMBER } from './case-numbers';

/**
 * The public case page: what the s. 14 notice makes public about one register entry, readable in any phone
 * browser without Telegram. `publicUrl` is PUBLIC_URL (config.ts strips a trailing slash; tolerated here too),
 * `caseNumber` a register number such as "JAI1-2026-17". The page is served at `GET /c/<number>`
 * (src/http/case-page.ts); the seizure slip's QR and the notice's QR point here when PUBLIC_URL is set.
 */
export function caseUrl(publicUrl: string, caseNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/c/${encodeURIComponent(caseNumber)}`;
}

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
