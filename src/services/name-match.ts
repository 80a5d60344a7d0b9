/**
 * Matching a person's name across scripts and spellings, for the s. 19 bidder check: "सुरेश कुमार",
 * "Suresh Kumar" and "shri SURESH kumar" are the same enrolled pound-keeper. Pure functions, no I/O.
 *
 * Both scripts are reduced to one rough Latin sound key. Devanagari is first spelt in Latin letters by the
 * one table every reader shares (src/services/owner-text/transliterate.ts: मिश्र = mishra, कमल = kamal). Latin spellings are folded the
 * same way: accents dropped, aspiration ("sh", "bh", "kh" …) and doubled letters ignored, ee/oo as i/u,
 * w = v, f = ph, z = j, x = ks. Then the schwa Hindi drops in the middle of a word (कमला = Kamla, also
 * written Kamala) and a final "a" (Krishna / कृष्ण) are dropped on both sides. The key is deliberately
 * loose — a s. 19 refusal of a near namesake is better than an official buying — and the signed
 * declaration stays the primary safeguard.
 */

import { romanise } from './owner-text';

/** Honorifics and titles that are not part of a name (Latin and Devanagari). */
const HONORIFICS = new Set([
  'shri',
  'shree',
  'sri',
  'smt',
  'sh',
  'mr',
  'mrs',
  'ms',
  'dr',
  'kumari',
  'km',
  'श्री',
  'श्रीमती',
  'सुश्री',
  'कुमारी',
  'डॉ',
  'डॉक्टर',
  'श्रीमान',
]);

const VOWEL = /[aeiou]/;

/** Aspiration is not written the same way in the two scripts: "h" is kept only at the start or between vowels. */
function dropAspiration(w: string): string {
  return [...w]
    .filter((ch, i, a) => ch !== 'h' || i === 0 || (VOWEL.test(a[i - 1] ?? '') && VOWEL.test(a[i + 1] ?? '')))
    .join('');
}

/** Folds Latin spelling variants (after transliteration, both scripts pass through here). */
function foldLatin(word: string): string {
  let w = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/f/g, 'p')
    .replace(/ck/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/[ao]u/g, 'o');
  // "Singh" / सिंह: a velar nasal before a consonant is just the nasal.
  w = w.replace(/ng(?![aeiou])/g, 'n');
  w = dropAspiration(w);
  // Anusvara before a labial is written m in Latin (Ambika, Champa).
  w = w.replace(/m(?=[bp])/g, 'n');
  // "Verma" / वर्मा: an e for the schwa before r + consonant.
  w = w.replace(/e(?=r[^aeiou])/g, 'a');
  w = w.replace(/(.)\1+/g, '$1');
  return w;
}

/** Drops the schwa Hindi does not sound (V C a C V → V C C V, right to left) and a final "a". */
function dropSchwas(w: string): string {
  const a = [...w];
  const isV = (c: string | undefined) => c !== undefined && VOWEL.test(c);
  const isC = (c: string | undefined) => c !== undefined && /[a-z]/.test(c) && !VOWEL.test(c);
  for (let i = a.length - 3; i >= 2; i--) {
    if (a[i] === 'a' && isC(a[i - 1]) && isV(a[i - 2]) && isC(a[i + 1]) && isV(a[i + 2])) a.splice(i, 1);
  }
  const out = a.join('');
  return out.length > 2 && out.endsWith('a') ? out.slice(0, -1) : out;
}

/** The sound key of one word in either script. */
export function wordKey(word: string): string {
  const latin = romanise(word);
  // Dropping a schwa can leave an "h" before a consonant (मेहता → mehta = Mehta): fold aspiration again.
  return dropAspiration(dropSchwas(foldLatin(latin)));
}

/** The words of a name: lower case, punctuation and honorifics dropped. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w && !HONORIFICS.has(w));
}

/**
 * A name reduced for identity matching (s. 19): words in either script turned into sound keys, honorifics
 * dropped, sorted — "Shri Sharma, Ramesh", "ramesh  sharma" and "रमेश शर्मा" give the same key.
 */
export function nameKey(name: string): string {
  return nameWords(name).map(wordKey).filter(Boolean).sort().join(' ');
}

/**
 * True when two names are the same person's as far as the letters can tell: same key, or the same
 * letters once the words are run together ("Mohan Lal" / "Mohanlal" / "मोहनलाल").
 */
export function sameName(a: string, b: string): boolean {
  const ka = nameKey(a);
  if (!ka) return false;
  if (ka === nameKey(b)) return true;
  const joined = (n: string) => wordKey(nameWords(n).join(''));
  return joined(a) === joined(b) && joined(a).length > 0;
}

/** How a typed name relates to an enrolled staff member's (s. 19). */
export type NameResemblance = 'same' | 'short_form' | 'none';

/**
 * A word that may stand for another: the same sound key, or an initial or a short form of it — "S." or "Sur"
 * for Suresh, "K" for Kumar (a Latin prefix of the other word's Latin spelling, or of its sound key).
 */
function mayStandFor(short: string, full: string): boolean {
  const s = wordKey(short);
  const f = wordKey(full);
  if (!s || !f) return false;
  if (s === f) return true;
  const latin = (w: string) => foldLatin(romanise(w));
  const ls = latin(short);
  const lf = latin(full);
  return (ls.length < lf.length && lf.startsWith(ls)) || (s.length < f.length && f.startsWith(s));
}

/**
 * s. 19: "S. Kumar", "Suresh K." or plain "Suresh" may be the keeper "Suresh Kumar". `same` when `sameName`
 * holds; `short_form` when every word typed stands for a different word of the staff member's name (same
 * word, initial or short form) — at least one of them written in full — and the typed name is shorter or
 * abbreviated. Such a bidder is not silently admitted: the officer must confirm it is another person.
 */
export function nameResemblance(typed: string, staffName: string): NameResemblance {
  if (sameName(typed, staffName)) return 'same';
  const t = nameWords(typed);
  const s = nameWords(staffName);
  if (t.length === 0 || s.length === 0 || t.length > s.length) return 'none';
  // Match each typed word to a distinct staff word (small names: try every assignment greedily, longest first).
  const used = new Set<number>();
  let full = 0;
  for (const w of [...t].sort((a, b) => b.length - a.length)) {
    const i = s.findIndex((x, j) => !used.has(j) && wordKey(x) === wordKey(w));
    const k = i >= 0 ? i : s.findIndex((x, j) => !used.has(j) && mayStandFor(w, x));
    if (k < 0) return 'none';
    used.add(k);
    if (i >= 0) full++;
  }
  return full > 0 ? 'short_form' : 'none';
}
