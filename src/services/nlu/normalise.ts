import { asciiDigits } from '../typed-input';
import { hasDevanagari, romanise } from './transliterate';

/**
 * Spelling normalisation before the NLU sees a text, applied alike to the corpus and to what an owner types, so
 * the same word spelled by ear matches: "jurmaana"/"jurmana", "neelami"/"nilami", "raseed"/"rasid",
 * "wapas"/"vapas", "zabt"/"jabt". Devanagari inside a Latin text is romanised first ("mera केस kitna").
 * What is left (a letter dropped or added: "kitana"/"kitna") the NLU's own spell check takes (edit distance 1).
 */

const LATIN = /[a-z]/i;

export { hasDevanagari };
export const hasLatin = (text: string): boolean => LATIN.test(text);

/** Shorthand owners type, as a word: "h" for "hai", "plz" for "please". */
const SHORTHAND: Record<string, string> = {
  h: 'hai',
  hn: 'haan',
  plz: 'please',
  pls: 'please',
  u: 'you',
  r: 'are',
  ur: 'your',
  thx: 'thanks',
  thnx: 'thanks',
  thanx: 'thanks',
  ty: 'thanks',
  tnx: 'thanks',
  hlo: 'hello',
  hii: 'hi',
  kb: 'kab',
  kya: 'kya',
  ky: 'kya',
  nhi: 'nahi',
  nai: 'nahi',
  mtlb: 'matlab',
  rs: 'rupaye',
};

/** Words of address that say nothing of what is asked ("thanks bhai", "namaste ji", "फ़ोन नंबर दो साहब"). */
const FILLERS = new Set(['bhai', 'bhaiya', 'ji', 'sir', 'sahab', 'saheb', 'sa', 'madam', 'yar', 'yaar', 'bro']);
const FILLERS_HI = new Set(['भाई', 'भैया', 'जी', 'सा', 'साहब', 'सर', 'मैडम', 'यार']);

/** One Latin word in its by-ear key: long vowels and doubled letters single, w→v, z→j, ph→f, q→k. */
export function latinWord(word: string): string {
  const w = SHORTHAND[word] ?? word;
  return w
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/([a-z])\1+/g, '$1');
}

/** A text for the Latin model: romanised, lower case, letters and digits only, each word in its by-ear key. */
export function latinKey(text: string): string {
  return romanise(asciiDigits(text.normalize('NFC')))
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !FILLERS.has(w))
    .map(latinWord)
    .join(' ');
}

/** A text for the Devanagari model: chandrabindu as anusvara, no nukta, punctuation as space. */
export function devanagariKey(text: string): string {
  return asciiDigits(text.normalize('NFC'))
    .replace(/\u0901/g, '\u0902')
    .replace(/\u093C/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w && !FILLERS_HI.has(w))
    .join(' ');
}
