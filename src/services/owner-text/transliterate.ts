/**
 * Devanagari in Latin letters, the one table for every reader of an owner's or a person's words: the NLU reads
 * "mera केस kitna" on its Latin model, the register search meets "कुंडा" with "Kunda", the s. 19 bidder check
 * meets "सुरेश" with "Suresh". Each caller folds the spelling further its own way (placeKey, latinWord, the
 * name key); the table only says how a Hindi speaker would spell the word in Latin letters by ear:
 * - aspirates keep their h (ख kh, छ chh, श sh) and long vowels are doubled (आ aa, ई ee, ऊ oo), as owners type
 *   "chhodo", "jurmaana", "paani";
 * - ड़ and ढ़ are d and dh ("pakda", "chhudana", "padega", "ghoda": the Hinglish an owner types), the other nukta
 *   letters their Urdu sounds (ज़ z, फ़ f);
 * - the inherent "a" is written after a consonant unless a vowel sign or virama follows — also before an
 *   anusvara ("बंद" band, "नंबर" nanbar) — and is silent at the end of a word unless it closes a conjunct
 *   (कमल kamal, मिश्र mishra, पत्र patra).
 * Anything that is not Devanagari is left as it is; Devanagari digits too (the callers read them as numbers).
 */

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};

/** A consonant with a nukta (read after NFD, which splits क़ into क + nukta): its Urdu sound, else the plain one. */
const WITH_NUKTA: Record<string, string> = { क: 'k', ख: 'kh', ग: 'g', ज: 'z', ड: 'd', ढ: 'dh', फ: 'f', य: 'y' };

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ee',
  उ: 'u',
  ऊ: 'oo',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
const SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ee',
  'ु': 'u',
  'ू': 'oo',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
/** Anusvara and chandrabindu are a nasal; visarga an h. */
const NASALS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h' };
const VIRAMA = '्';
const NUKTA = '़';
/** Joiners Hindi spelling puts inside a word (half forms): not sounds. */
const JOINERS = /[\u200C\u200D]/g;

const DEVANAGARI = /[\u0900-\u097F]/;
/** A run of Devanagari letters and signs (digits and the danda end it), with the joiners inside it. */
const DEVANAGARI_WORD = /[\u0900-\u0963\u0971-\u097F\u200C\u200D]+/g;

export const hasDevanagari = (text: string): boolean => DEVANAGARI.test(text);

/** A consonant (or a vowel letter: no consonant) and the vowel sounded after it; `inherent` when that is the "a". */
interface Syllable {
  consonant: string;
  vowel: string;
  inherent: boolean;
  /** The anusvara, chandrabindu or visarga after it. */
  nasal: string;
}

/** One Devanagari word in Latin letters (the rules are in the module comment); `spoken`: see `romanise`. */
function romaniseWord(word: string, spoken: boolean): string {
  const chars = [...word.normalize('NFD').replace(JOINERS, '')];
  const out: Syllable[] = [];
  // Whether the last inherent "a" closed a conjunct (then it is sounded at the end of the word).
  let inherentAfterConjunct = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    let consonant = CONSONANTS[ch];
    if (consonant !== undefined) {
      const afterConjunct = i > 0 && chars[i - 1] === VIRAMA;
      if (chars[i + 1] === NUKTA) {
        consonant = WITH_NUKTA[ch] ?? consonant;
        i++;
      }
      const next = chars[i + 1];
      const signed = next === VIRAMA || (next !== undefined && SIGNS[next] !== undefined);
      out.push({ consonant, vowel: signed ? '' : 'a', inherent: !signed, nasal: '' });
      if (!signed) inherentAfterConjunct = afterConjunct;
    } else if (SIGNS[ch] !== undefined && out.length) out.at(-1)!.vowel += SIGNS[ch];
    else if (VOWELS[ch] !== undefined) out.push({ consonant: '', vowel: VOWELS[ch], inherent: false, nasal: '' });
    else if (NASALS[ch] !== undefined && out.length) out.at(-1)!.nasal += NASALS[ch];
    else if (ch !== VIRAMA && ch !== NUKTA) out.push({ consonant: ch, vowel: '', inherent: false, nasal: '' });
  }
  const last = out.at(-1);
  if (last?.inherent && !last.nasal && out.length > 1 && !inherentAfterConjunct) last.vowel = '';
  // Spoken: the inherent "a" between a vowel and a consonant that has its own vowel is silent (करना karna,
  // जानकारी jaankaaree, पकड़ा pakdaa, समझाओ samjhaao), read from the end of the word as Hindi drops it.
  if (spoken)
    for (let k = out.length - 2; k >= 1; k--) {
      const [before, here, after] = [out[k - 1]!, out[k]!, out[k + 1]!];
      if (here.inherent && !here.nasal && here.vowel && before.vowel && after.consonant && after.vowel) here.vowel = '';
    }
  return out.map((s) => s.consonant + s.vowel + s.nasal).join('');
}

/**
 * Every Devanagari word of a text in Latin letters, the rest unchanged: "मेरा केस kitna" → "meraa kes kitna".
 * `spoken` (the NLU's reading) also leaves out the inherent "a" Hindi does not sound inside a word, as an owner
 * types it: "करना" karnaa, not karanaa; names and places keep it (their readers fold it their own way).
 */
export function romanise(text: string, options: { spoken?: boolean } = {}): string {
  return text.normalize('NFC').replace(DEVANAGARI_WORD, (w) => romaniseWord(w, options.spoken === true));
}
