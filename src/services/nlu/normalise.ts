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

/**
 * Rajasthani/Marwari, Haryanvi and Bhojpuri forms common in pound districts, in their by-ear key (after
 * `latinWord`), to the standard Hindi word the corpus is written in: possessives ("mhari", "hamar" → meri, mera),
 * question words ("kad" → kab, "kathe"/"kit" → kahan, "kai" → kya, "kitro"/"ketna" → kitna), verb endings
 * ("padsi" → padega, "diyo"/"dihlin" → diya, "che"/"ba" → hai, "koni" → nahi) and the UPI apps by name (→ upi).
 * Words that are also standard Hindi with another meaning ("ke", "se", "ka") are left alone.
 */
export const DIALECT_LATIN: Record<string, string> = {
  // my, me, mine
  mhari: 'meri',
  mhara: 'mera',
  mharo: 'mera',
  mhare: 'mere',
  mhane: 'mujhe',
  mhanai: 'mujhe',
  mane: 'mujhe',
  mene: 'maine',
  hamar: 'mera',
  hamra: 'mera',
  hamri: 'meri',
  hamre: 'mere',
  hamke: 'mujhe',
  hamka: 'mujhe',
  // what, when, where, how much
  kai: 'kya',
  kain: 'kya',
  kad: 'kab',
  kade: 'kab',
  kathe: 'kahan',
  kathai: 'kahan',
  kit: 'kahan',
  kitro: 'kitna',
  kitra: 'kitna',
  kitno: 'kitna',
  ketna: 'kitna',
  katna: 'kitna',
  ketana: 'kitna',
  // is, not
  che: 'hai',
  chai: 'hai',
  sai: 'hai',
  ba: 'hai',
  bate: 'hai',
  koni: 'nahi',
  konya: 'nahi',
  // did, gave, paid; will have to, will be
  diyo: 'diya',
  dihlin: 'diya',
  dihni: 'diya',
  dihal: 'diya',
  bharyo: 'bhara',
  bharya: 'bhara',
  bharlin: 'bhara',
  karyo: 'kiya',
  padsi: 'padega',
  padsai: 'padega',
  lagsi: 'lagega',
  hosi: 'hoga',
  milsi: 'milega',
  chahi: 'chahiye',
  chahin: 'chahiye',
  chhudano: 'chhudana',
  chudano: 'chhudana',
  chudavno: 'chhudana',
  rupaiya: 'rupaye',
  rupiya: 'rupaye',
  rupya: 'rupaye',
  // the UPI apps by name
  gpay: 'upi',
  googlepay: 'upi',
  fonpe: 'upi',
  fonepe: 'upi',
  paiso: 'paisa',
  pisa: 'paisa',
  paytm: 'upi',
  bhim: 'upi',
};

/** The same forms in Devanagari (in `devanagariKey`'s spelling: no nukta, anusvara for chandrabindu). */
export const DIALECT_DEVANAGARI: Record<string, string> = {
  म्हारी: 'मेरी',
  म्हारा: 'मेरा',
  म्हारो: 'मेरा',
  म्हारे: 'मेरे',
  म्हाने: 'मुझे',
  म्हानै: 'मुझे',
  म्हनै: 'मुझे',
  मन्ने: 'मैंने',
  मन्नै: 'मैंने',
  हमार: 'मेरा',
  हमरा: 'मेरा',
  हमरी: 'मेरी',
  हमके: 'मुझे',
  कांई: 'क्या',
  काईं: 'क्या',
  कांईं: 'क्या',
  कद: 'कब',
  कदे: 'कब',
  कठे: 'कहां',
  कठै: 'कहां',
  कित: 'कहां',
  कितरो: 'कितना',
  कितरा: 'कितना',
  कितणो: 'कितना',
  कितणा: 'कितना',
  कितनो: 'कितना',
  केतना: 'कितना',
  कतना: 'कितना',
  छै: 'है',
  छे: 'है',
  सै: 'है',
  बा: 'है',
  बाटे: 'है',
  बाडे: 'है',
  कोनी: 'नहीं',
  कोन्या: 'नहीं',
  कोन्नी: 'नहीं',
  दियो: 'दिया',
  दिहलीं: 'दिया',
  दिहनी: 'दिया',
  दिहल: 'दिया',
  भरयो: 'भरा',
  भर्यो: 'भरा',
  भरलीं: 'भरा',
  करयो: 'किया',
  कर्यो: 'किया',
  पडसी: 'पडेगा',
  लागसी: 'लगेगा',
  लगसी: 'लगेगा',
  होसी: 'होगा',
  मिलसी: 'मिलेगा',
  चाहीं: 'चाहिए',
  चाही: 'चाहिए',
  रुपइया: 'रुपये',
  रुपया: 'रुपये',
  छुडावणो: 'छुडाना',
  छुडाणो: 'छुडाना',
  फोनपे: 'यूपीआई',
  पेटीएम: 'यूपीआई',
  गूगलपे: 'यूपीआई',
  भीम: 'यूपीआई',
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
  return romanise(asciiDigits(text.normalize('NFC')), { spoken: true })
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !FILLERS.has(w))
    .map(latinWord)
    .map((w) => DIALECT_LATIN[w] ?? w)
    .join(' ')
    .replace(
      /\bfone? pe\b(?= (se|say|par|pe|me|kar|karna|karu|kare|karun|karke|payment|pay|bhej|diya|dala|dal|dia|nhi|nahi|chal[a-z]*|hota|ho|ka|ki|ke)\b)/g,
      'upi',
    )
    .replace(/\bgugle pay\b|\bg pay\b/g, 'upi');
}

/** A text for the Devanagari model: chandrabindu as anusvara, no nukta, punctuation as space. */
export function devanagariKey(text: string): string {
  return asciiDigits(text.normalize('NFC'))
    .replace(/\u0901/g, '\u0902')
    .replace(/\u093C/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w && !FILLERS_HI.has(w))
    .map((w) => DIALECT_DEVANAGARI[w] ?? w)
    .join(' ')
    .replace(/(^| )(फोन|फ़ोन) पे(?= (से|पर|में|कर|करना|करूं|करके|भेज|दिया|डाला))/g, '$1यूपीआई')
    .replace(/(^| )गूगल पे( |$)/g, '$1यूपीआई$2');
}
