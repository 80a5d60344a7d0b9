import { asciiDigits } from '../typed-input';
import { DIALECT_DEVANAGARI, DIALECT_LATIN, SHORTHAND } from './dialect';
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

export { DIALECT_DEVANAGARI, DIALECT_LATIN } from './dialect';

/** Words of address that say nothing of what is asked ("thanks bhai", "namaste ji", "फ़ोन नंबर दो साहब"). */
const FILLERS = new Set([
  'bhai',
  'bhaiya',
  'ji',
  'sir',
  'sahab',
  'saheb',
  'sahib',
  'saab',
  'sa',
  'madam',
  'yar',
  'yaar',
  'bro',
  'hukum',
  'hukam',
  'bhaisaab',
  'bhaisahab',
  'bhaisaheb',
]);
const FILLERS_BY_EAR = new Set([...FILLERS].map((w) => byEar(w)));
const FILLERS_HI = new Set(['भाई', 'भैया', 'जी', 'सा', 'साहब', 'सर', 'मैडम', 'यार', 'हुकुम', 'हुकम', 'भाईसाहब']);

/** One Latin word in its by-ear key: long vowels and doubled letters single, w→v, z→j, ph→f, q→k. */
export function latinWord(word: string): string {
  return byEar(Object.hasOwn(SHORTHAND, word) ? SHORTHAND[word]! : word);
}

/** The by-ear spelling of a word, shorthand aside (a dialect form's standard word is spelt so too). */
function byEar(w: string): string {
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
  return (
    romanise(asciiDigits(text.normalize('NFC')), { spoken: true })
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !FILLERS.has(w))
      .map(latinWord)
      .map((w) => (Object.hasOwn(DIALECT_LATIN, w) ? byEar(DIALECT_LATIN[w]!) : w))
      // A filler spelt by ear only once folded (साहब romanised "saahab" → "sahab") is left out too.
      .filter((w) => !FILLERS_BY_EAR.has(w))
      .join(' ')
      .replace(
        /\bfone? pe\b(?= (se|say|par|pe|me|kar|karna|karu|kare|karun|karke|payment|pay|bhej|diya|dala|dal|dia|nhi|nahi|chal[a-z]*|hota|ho|ka|ki|ke)\b)/g,
        'upi',
      )
      .replace(/\bgugle pay\b|\bg pay\b/g, 'upi')
  );
}

/** A text for the Devanagari model: chandrabindu as anusvara, no nukta, punctuation as space. */
export function devanagariKey(text: string): string {
  return asciiDigits(text.normalize('NFC'))
    .replace(/\u0901/g, '\u0902')
    .replace(/\u093C/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w && !FILLERS_HI.has(w))
    .map((w) => (Object.hasOwn(DIALECT_DEVANAGARI, w) ? DIALECT_DEVANAGARI[w]! : w))
    .join(' ')
    .replace(/(^| )(फोन|फ़ोन) पे(?= (से|पर|में|कर|करना|करूं|करके|भेज|दिया|डाला))/g, '$1यूपीआई')
    .replace(/(^| )गूगल पे( |$)/g, '$1यूपीआई$2');
}
