import { words } from './cattle-words';
import { romanise } from './transliterate';

// Place names as people spell them, in either script ("Kunda", "kundaa", "कुंडा"), and the search keys a register
// entry is written with so that a search word finds it (Case.searchKeys).

/**
 * A spelling-tolerant key for place names typed in Latin or Devanagari: "Kunda", "kundaa", "कुंडा" and
 * "Koonda" give the same key. Vowel length, the inherent "a", aspiration and doubled letters are ignored.
 */
export function placeKey(word: string): string {
  return romanise(word)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/ph/g, 'f')
    .replace(/([kgcjtdpb])h/g, '$1')
    .replace(/sh/g, 's')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/c(?!h)/g, 'k')
    .replace(/ee|ii|y/g, 'i')
    .replace(/oo|ou/g, 'u')
    .replace(/ai/g, 'e')
    .replace(/au/g, 'o')
    .replace(/a/g, '')
    .replace(/(.)\1+/g, '$1');
}

/** Edit distance (Levenshtein), for small words. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** True when two place words are the same name spelt differently. */
export function samePlaceWord(a: string, b: string): boolean {
  const ka = placeKey(a);
  const kb = placeKey(b);
  if (!ka || !kb) return false;
  if (ka === kb) return true;
  // One slip is tolerated in longer names only: short keys differ by one letter too easily.
  const longest = Math.max(ka.length, kb.length);
  return longest >= 5 && editDistance(ka, kb) <= 1;
}

/** A place key and, when long enough for `samePlaceWord` to allow one slip, the key with each letter left out in turn. */
function slipKeys(key: string, out: Set<string>): void {
  if (!key) return;
  out.add(key);
  // Two keys one edit apart, the longer of 5 or more (as `samePlaceWord` asks): the shorter is the longer with a letter
  // left out, or both are 5 or more and the same with the differing letter left out. Either way they share an entry.
  if (key.length >= 5) for (let i = 0; i < key.length; i++) out.add(key.slice(0, i) + key.slice(i + 1));
}

/** Marks an entry's keys as written (an entry with none is from before them, and is read by every word search). */
const KEYS_WRITTEN = '#';

/**
 * The search keys of a register entry (Case.searchKeys): the place keys of the words of its place of seizure and of
 * its heads' descriptions (with one-slip variants), and "=word" for each description word. A search word can score
 * on the entry (`scoreCase`: the place or a description word is the same place word, a description word is the word)
 * only if its `wordSearchKeys` meet these; the pound code is matched apart.
 */
export function searchKeysOf(placeOfSeizure: string, descriptions: readonly string[]): string[] {
  const out = new Set<string>([KEYS_WRITTEN]);
  for (const w of words(placeOfSeizure)) slipKeys(placeKey(w), out);
  for (const d of descriptions) {
    for (const w of words(d)) {
      slipKeys(placeKey(w), out);
      out.add(`=${w}`);
    }
  }
  return [...out];
}

/** The keys of a search word, to meet an entry's `searchKeysOf`. */
export function wordSearchKeys(word: string): string[] {
  const out = new Set<string>([`=${word}`]);
  slipKeys(placeKey(word), out);
  return [...out];
}
