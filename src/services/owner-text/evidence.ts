import { classOfWord, colourOfWord, countOfWord, isStopWord, words } from './cattle-words';
import { editDistance } from './place-words';
import { findDate } from '../typed-input';
import { ANIMAL, conceptKey, RELEASE, ramIsGreeting } from './concepts';
import { type OwnerIntent, TOWARDS_A_RECORD } from './corpus';
import { mentionsMoney } from './money-words';
import { devanagariKey, hasDevanagari, latinKey, latinWord } from './normalise';

/*
 * What a text's words speak for, weighed against the words the owner's model learnt (src/services/owner-text/intent.ts
 * decides from it): a search (cattle, a date, a village) or an intent, and which intents a word leans to.
 */

/**
 * What the words of a text speak for. A search: a date (3 with digits, else 1), a class of cattle with its count (2 for both), a class
 * (1), a colour (1), a word no intent knows — a village (1). An intent: each word that speaks for some intent (1).
 */
export interface Evidence {
  /** How many words the text has (fillers left out). */
  words: number;
  /** The search's weight of evidence (above). */
  search: number;
  /** A date, a class of cattle or a colour: what only a search asks about. */
  strong: boolean;
  /** The part of `search` that is cattle (classes, counts, colours): a description, or an animal named in a question. */
  cattle: number;
  /** Words that speak for some intent (known to the corpus, or one letter off a known word, and not shared by many intents). */
  intent: number;
  /** The intents some word of the text leans to: most of the corpus lines with that word are that intent's. */
  leans: ReadonlySet<OwnerIntent>;
  /** A colour or a date: the text describes cattle or their seizure, as a search does. */
  described: boolean;
}

/** The words a model knows, and those that speak for an intent, for weighing a text's evidence. */
export interface Vocabulary {
  intentWords: ReadonlySet<string>;
  known: ReadonlySet<string>;
  /** Each consonant skeleton of the Latin words ("ktn") → its commonest word ("kitna"), for vowels left out. */
  skeletons: ReadonlyMap<string, string>;
  /** Each word most of whose corpus lines are one intent's → that intent. */
  leaning: ReadonlyMap<string, OwnerIntent>;
  /** Each known word and each of it with one letter left out → a known word, for "one letter off". */
  nearby: ReadonlyMap<string, string>;
}

/** A word with each of its letters left out in turn ("kitna" → "itna", "ktna", …). */
function deletions(word: string): string[] {
  const letters = [...word];
  return letters.map((_, i) => [...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
}

/** The "one letter off" index of a vocabulary (`Vocabulary.nearby`). */
export function nearbyIndex(known: Iterable<string>): Map<string, string> {
  const index = new Map<string, string>();
  for (const w of known) index.set(w, w);
  for (const w of known) if ([...w].length >= 3) for (const d of deletions(w)) if (!index.has(d)) index.set(d, w);
  return index;
}

/** The known word `key` is, or is one letter off (for words of four letters or more); undefined when none. */
export function knownWord(v: Vocabulary, key: string): string | undefined {
  if (v.known.has(key)) return key;
  if ([...key].length < 4) return undefined;
  // One letter added, dropped or changed (or two swapped): the key, or one of its deletions, meets a known word or
  // one of its deletions.
  for (const k of [key, ...deletions(key)]) {
    const w = v.nearby.get(k);
    if (w !== undefined && (v.known.has(k) || editDistance(w, key) <= 2)) return w;
  }
  return undefined;
}

/** Counts the evidence for a search and for an intent in a text. */
export function evidenceOf(text: string, now: Date, v: Vocabulary): Evidence {
  const found = findDate(text, now, 'past');
  // A date written with digits ("28 nov", "27/11") is a search's; "kal" (tomorrow, yesterday) less so.
  let search = found ? (/\d/.test(text) ? 3 : 1) : 0;
  let strong = Boolean(found);
  let described = Boolean(found);
  let intent = 0;
  let cattle = 0;
  const leans = new Set<OwnerIntent>();
  const all = words(found ? found.rest : text);
  const animal = modelKey(text).split(' ').includes(ANIMAL);
  for (const [i, w] of all.entries()) {
    if (classOfWord(w) && !ramIsGreeting(all, i)) {
      strong = true;
      search += 1;
      cattle += 1;
      continue;
    }
    if (countOfWord(w) !== null || (classOfWord(all[i + 1] ?? '') && /^(do|दो)$/.test(w))) {
      if (classOfWord(all[i + 1] ?? '')) {
        search += 1;
        cattle += 1;
      }
      continue;
    }
    if (colourOfWord(w)) {
      strong = true;
      described = true;
      search += 1;
      cattle += 1;
      continue;
    }
    const key = keyOfWord(w, animal);
    if (!key) continue;
    // A Devanagari word the Hindi corpus lacks may be one the others have, romanised ("अपडेट" → "apdet").
    const latin = hasDevanagari(w) ? knownWord(v, modelKey(w, animal)) : undefined;
    const word = knownWord(v, key) ?? latin;
    if (word !== undefined) {
      if (v.intentWords.has(word)) intent++;
      // An animal named ("pashu", "cattle") leans to no intent, as a class of cattle does not: it is in every question;
      // nor does a word of the seizure itself ("pakdi", "le gaye", "taken"): a search describes it as a protest does.
      if (word === ANIMAL || isSeized(word) || FUNCTION_WORDS.has(word) || isStopWord(w)) continue;
      // A word one letter off a known one ("conect" for "colect") leans to no intent that leads towards a record.
      const exactly = v.known.has(key) || (latin !== undefined && v.known.has(modelKey(w, animal)));
      for (const lean of [v.leaning.get(word), latin && v.leaning.get(latin)])
        if (lean && (exactly || !TOWARDS_A_RECORD.has(lean))) leans.add(lean);
    } else if (!isStopWord(w) && [...w].length >= 3 && !/^\d+$/.test(w)) search++;
  }
  // "le jani", "pick up" beside an animal read as the release only together (concepts.ts), never word by word.
  // A word for money or paying ("payment", "पैसे", "QR", "cash") leans to the payment choice: the model's "pay" needs
  // one anyway (intent.ts), and saying "not" or naming the sum still makes it a question.
  if (mentionsMoney(text)) leans.add('pay');
  if (animal && modelKey(text).split(' ').includes(RELEASE)) {
    const lean = v.leaning.get(RELEASE);
    if (lean) leans.add(lean);
  }
  return { words: all.length, search, strong, cattle, intent, leans, described };
}

/** A text for the Latin model: in the Latin key, each word folded to the one word of its kind (concepts.ts). */
export const modelKey = (text: string, withAnimal = false): string => conceptKey(latinKey(text), withAnimal);
/** A word of a text in the key its model reads; `withAnimal`: the text names an animal ("chhodo" is the release). */
export const keyOfWord = (w: string, withAnimal = false): string =>
  hasDevanagari(w) ? devanagariKey(w) : modelKey(w, withAnimal);

/** A word leans to an intent when at least this share of its corpus lines, and two of them, are that intent's. */
const LEAN_SHARE = 0.5;

/** Each word most of whose corpus lines are one intent's → that intent (`Vocabulary.leaning`). */
export function leaningOf(linesOf: ReadonlyMap<string, ReadonlyMap<OwnerIntent, number>>): Map<string, OwnerIntent> {
  const leaning = new Map<string, OwnerIntent>();
  for (const [w, counts] of linesOf) {
    const all = [...counts.values()].reduce((a, b) => a + b, 0);
    const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    if (n >= 2 && n / all >= LEAN_SHARE) leaning.set(w, best);
  }
  return leaning;
}

/** A Latin word's consonants, a first vowel kept ("kitna" → "ktn", "aage" → "ag"); "" for other scripts. */
export function skeleton(word: string): string {
  if (!/^[a-z]+$/.test(word)) return '';
  return word[0] + word.slice(1).replace(/[aeiou]/g, '');
}

/** Each skeleton of three letters or more → the word of the most corpus lines with it (`Vocabulary.skeletons`). */
export function skeletonIndex(linesOf: ReadonlyMap<string, ReadonlyMap<string, number>>): Map<string, string> {
  const best = new Map<string, [string, number]>();
  for (const [w, counts] of linesOf) {
    const k = skeleton(w);
    if (k.length < 3) continue;
    const n = [...counts.values()].reduce((a, b) => a + b, 0);
    const had = best.get(k);
    if (!had || n > had[1]) best.set(k, [w, n]);
  }
  return new Map([...best].map(([k, [w]]) => [k, w]));
}

/** A text's Latin key with each word the model never learnt, whose vowels were left out, as the word it is. */
export function withVowels(key: string, v: Vocabulary): string {
  return key
    .split(' ')
    .map((w) => (v.known.has(w) ? w : (v.skeletons.get(skeleton(w)) ?? w)))
    .join(' ');
}

/**
 * Words that carry no meaning of their own ("she was at", "vo to tha"), in the Latin key: they lean to no intent, or a
 * story told before a question ("my mother's goats were taken while she was at the well") leans where the corpus's
 * stories do.
 */
const FUNCTION_WORDS = new Set(
  (
    'i me you he she it we they him her us them his its our their this that these those was were be been am are is ' +
    'do does did have has had at in on to of for with by from as while when then so and or but not a an the ' +
    'vo vah ve ye yah to bhi hi tha thi the ho hua hui hue ka ki ke ko se me mein ne par pe aur ya'
  )
    .split(' ')
    .map(latinWord),
);

/** Words of the seizure itself, in the Latin key (folded), leaning to no intent. */
let seized: Set<string> | undefined;
const SEIZED_WORDS = [
  'pakad',
  'pakda',
  'pakdi',
  'pakde',
  'pakdli',
  'pakadli',
  'pakadna',

  'utha',
  'uthaya',
  'uthai',
  'uthaye',
  'gaye',
  'gai',
  'gaya',
  'taken',
  'took',
  'seized',
  'caught',
  'impounded',
  'jabt',
  'jabti',
];
const isSeized = (word: string): boolean => (seized ??= new Set(SEIZED_WORDS.map((w) => modelKey(w)))).has(word);
