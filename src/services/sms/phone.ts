/**
 * Indian mobile numbers as a keeper types them: ten digits starting 6–9 (TRAI's mobile series), optionally
 * written with +91, 91 or a leading 0, with spaces, dashes or dots between groups, in Latin or Devanagari digits.
 * Anything else — a landline, a short or long number, letters — is refused, never guessed.
 */

const DEVANAGARI_ZERO = 0x0966;

/** The ten digits of an Indian mobile number, or null when `input` is not one. */
export function parseIndianMobile(input: string): string | null {
  const latin = input.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
  const trimmed = latin.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (plus) {
    if (!digits.startsWith('91') || digits.length !== 12) return null;
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('91')) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** The form staff see: six stars and the last four digits (******3210). */
export function maskMobile(last4: string | null | undefined): string {
  return last4 && /^\d{4}$/.test(last4) ? `******${last4}` : '******····';
}

/** E.164 for a provider: +91 and the ten digits. */
export function e164(tenDigits: string): string {
  return `+91${tenDigits}`;
}
