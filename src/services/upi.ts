import QRCode from 'qrcode';

/**
 * UPI payment to the pound's OFFICIAL id only (Pound.upiId, set by the administrator). The intent URI
 * follows the NPCI deep-link format; a QR of it opens any UPI app with payee, amount and the case number
 * as the note. There is deliberately no way to pass any other payee in: a personal id must never reach
 * an owner.
 */

/** The pound fields a UPI payment is built from. */
export interface PoundUpi {
  upiId: string | null;
  upiPayeeName: string | null;
  name: string;
}

/** A VPA such as "amerpound.jaipur@sbi". */
const VPA = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** True when the pound has a well-formed official UPI id. */
export function hasOfficialUpi(pound: PoundUpi): pound is PoundUpi & { upiId: string } {
  return typeof pound.upiId === 'string' && VPA.test(pound.upiId);
}

/** Paise as the "am" parameter wants it: rupees with two decimals, from integers. */
export function rupeesParam(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise <= 0)
    throw new RangeError(`amount must be positive whole paise, got ${paise}`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * upi://pay?pa=<pound upiId>&pn=<payee>&am=<rupees>&tn=<case number>&cu=INR, or null when the pound has
 * no official UPI id (then the owner pays in cash at the pound).
 */
export function upiIntentUri(pound: PoundUpi, amountPaise: number, caseNumber: string): string | null {
  if (!hasOfficialUpi(pound)) return null;
  const q = [
    ['pa', pound.upiId],
    ['pn', pound.upiPayeeName?.trim() || pound.name],
    ['am', rupeesParam(amountPaise)],
    ['tn', caseNumber],
    ['cu', 'INR'],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  return `upi://pay?${q}`;
}

/** The QR code of a UPI intent URI, as a PNG. */
export function upiQrPng(uri: string): Promise<Buffer> {
  return QRCode.toBuffer(uri, { margin: 2, width: 384, errorCorrectionLevel: 'M' });
}
