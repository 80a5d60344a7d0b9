/**
 * The one check for a person's name typed into the bot (an owner, an agent, a payer, a bidder, a surplus
 * claimant) or given to the admin CLI (a staff member). Names are printed on other people's screens — the
 * keeper's payment card, the s. 16 account, receipts — so they may hold only what names are made of:
 * letters of any script with their combining marks (Devanagari matras, virama, nukta), spaces, and the
 * dot, hyphen and apostrophe of "R.K. Sharma-Rao", "D'Souza". Refused: digits (a phone number), brackets,
 * colons and other punctuation ("(KEEPER CONFIRMED: PAID)"), control and format characters — bidi overrides
 * and isolates that reorder what the reader sees, zero-width characters — except the zero-width joiner and
 * non-joiner between two Devanagari characters, where Hindi spelling uses them (क्‍ष, half forms).
 */

/** Fewest and most characters (code points, after NFC and collapsing spaces). */
export const NAME_MIN = 2;
export const NAME_MAX = 80;

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
const JOINERS = new Set(['\u200c', '\u200d']);
const PUNCT = new Set(['.', '-', "'", '\u2019']);

/** The name as it will be stored (NFC, single spaces, trimmed), or null when it is not a name. */
export function cleanPersonName(input: string): string | null {
  const s = input
    .normalize('NFC')
    .replace(/[ \t\n\r\u00a0]+/g, ' ')
    .trim();
  const chars = [...s];
  if (chars.length < NAME_MIN || chars.length > NAME_MAX) return null;
  let letters = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const prev = chars[i - 1];
    const next = chars[i + 1];
    if (LETTER.test(ch)) {
      letters++;
      continue;
    }
    // A combining mark belongs to the letter before it (a matra on its own, or after a space, is not a name).
    if (MARK.test(ch)) {
      if (prev !== undefined && (LETTER.test(prev) || MARK.test(prev))) continue;
      return null;
    }
    if (ch === ' ') continue;
    if (PUNCT.has(ch)) {
      // Between parts of a name, not a run of them: "R.K.", "Sharma-Rao", "D'Souza".
      if (prev !== undefined && PUNCT.has(prev)) return null;
      continue;
    }
    if (JOINERS.has(ch) && prev !== undefined && next !== undefined && DEVANAGARI.test(prev) && DEVANAGARI.test(next))
      continue;
    return null;
  }
  return letters >= NAME_MIN ? s : null;
}
