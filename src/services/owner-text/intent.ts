import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en';
import { LangHi } from '@nlpjs/lang-hi';
import { Nlp, type NlpInstance } from '@nlpjs/nlp';
import { classOfWord, colourOfWord } from './cattle-words';
import { type CaseNumber, parseCaseNumber } from '../cases';
import { type LocalDate, toIstDate } from '../../law';
import { askedDay } from './day';
import { mentionsMoney, moneyTalk, namesTheSum, saysNot } from './money-words';
import { isOwnerIntent, loadCorpus, type OwnerIntent, TOWARDS_A_RECORD, type Utterance } from './corpus';
import {
  type Evidence,
  evidenceOf,
  leaningOf,
  modelKey,
  nearbyIndex,
  skeletonIndex,
  type Vocabulary,
  withVowels,
} from './evidence';
import { devanagariKey, hasDevanagari, hasLatin, latinKey } from './normalise';
import { devanagariConceptKey } from './concepts';
import { modelKeyOf, saveModel, savedModel, type TrainingDocument } from './model-cache';

export { OWNER_INTENTS, type OwnerIntent } from './corpus';
export { type Evidence, evidenceOf, knownWord, nearbyIndex, type Vocabulary } from './evidence';

/**
 * What an owner means by a free-text message outside any flow: an intent (dues, where the pound is, …), a case
 * search (cattle, places, dates — src/services/owner-text/search.ts), or "not sure" with the likeliest intents.
 *
 * The classifier is NLP.js (@nlpjs/nlp, a neural intent classifier with stemmers for English and Hindi), trained
 * when the process starts from the corpus files in locales/nlu/ (src/services/owner-text/corpus.ts). Two models: one for
 * Devanagari (`hi`), one for Latin letters (`en`: English, Hinglish, and the Hindi corpus romanised), each text
 * normalised for spelling by ear first (src/services/owner-text/normalise.ts). Nothing here reads the database.
 */

/** At or above this score the top intent is taken; below LOW nothing is; between, the owner is asked. */
export const SURE = 0.75;
export const LOW = 0.4;
/** Intents that answer without leading towards a record (dues, pound, help, …) are taken from this score. */
export const SURE_HARMLESS = 0.6;
/** …or from this one, with no other intent within LEAD of it. */
export const SURE_LEADING = 0.5;
export const LEAD = 0.1;
/** Intents on the way to a record — the claim, the deposit under protest, the payment choice — only from this one. */
export const SURE_TOWARDS_RECORD = 0.9;
/** …and only with no other intent within this of it: a text two intents are both sure of is asked about. */
export const TOWARDS_RECORD_MARGIN = 0.3;
/** …or from this one, with no other intent within CLEAR_LEAD of it. */
export const SURE_CLEAR_LEAD = 0.7;
export const CLEAR_LEAD = 0.4;
/** A one-word text is taken only at or above this score. */
export const SURE_ONE_WORD = 0.8;

export interface IntentGuess {
  intent: OwnerIntent;
  score: number;
}

export type Understanding =
  | { kind: 'case_number'; number: CaseNumber }
  | { kind: 'intent'; intent: OwnerIntent; score: number; day?: LocalDate }
  | { kind: 'search' }
  | { kind: 'unsure'; choices: OwnerIntent[] };

export interface OwnerNlu {
  /** The intents the text may mean, best first (scores 0–1), at most three with a score above zero. */
  classify(text: string): Promise<IntentGuess[]>;
  /** Intent, search or "not sure" (see `decide`). */
  understand(text: string, now: Date): Promise<Understanding>;
  /** How long the model took to be ready at start, in ms: trained, or loaded as saved (`fromSaved`). */
  readonly trainingMs: number;
  /** Whether it was loaded from a model saved from the same sentences (model-cache.ts) instead of trained. */
  readonly fromSaved: boolean;
  /** How many utterances it was trained on. */
  readonly utterances: number;
}

/** Intents that, asked with a day, mean the dues on that day ("if I pay on Monday?", "kal chhudaun to kitna"). */
const DAY_INTENTS: ReadonlySet<OwnerIntent> = new Set(['dues', 'claim', 'pay']);

/** Words of the corpus that say nothing of the intent on their own: in the utterances of many intents. */
const GENERIC_SHARE = 4;

class NlpJsOwnerNlu implements OwnerNlu {
  constructor(
    private readonly nlp: NlpInstance,
    /** The corpus's words, and those that speak for an intent. */
    private readonly vocabulary: Vocabulary,
    /** Each corpus line, normalised, and its intent: a text that is exactly a line means that intent. */
    private readonly lines: ReadonlyMap<string, OwnerIntent>,
    readonly trainingMs: number,
    readonly fromSaved: boolean,
    readonly utterances: number,
  ) {}

  async classify(text: string): Promise<IntentGuess[]> {
    const guesses: IntentGuess[] = [];
    const add = (cls: Array<{ intent: string; score: number }>) => {
      for (const c of cls) {
        if (!isOwnerIntent(c.intent) || c.score <= 0) continue;
        const had = guesses.find((g) => g.intent === c.intent);
        if (had) had.score = Math.max(had.score, c.score);
        else guesses.push({ intent: c.intent, score: c.score });
      }
    };
    const settings = { spellCheck: true, spellCheckDistance: 1 };
    // Any text → the Latin model on the romanised text (it learnt every corpus, the Hindi one romanised);
    // Devanagari only → the Hindi model as well, each intent's better score kept.
    // A word typed without its vowels ("lgega", "smjh") is read as the corpus word it is.
    const key = withVowels(modelKey(text), this.vocabulary);
    if (key) add((await this.nlp.classify('en', key, settings)).classifications);
    if (!hasLatin(text) && hasDevanagari(text)) {
      const deva = devanagariConceptKey(devanagariKey(text));
      if (deva) add((await this.nlp.classify('hi', deva, settings)).classifications);
    }
    return guesses.sort((a, b) => b.score - a.score).slice(0, 3);
  }

  async understand(text: string, now: Date): Promise<Understanding> {
    const number = parseCaseNumber(text);
    if (number) return { kind: 'case_number', number };
    // "ram ram" is a greeting, though "ram" is also a class of cattle (s. 3): a corpus line as typed is its intent.
    const exact = this.lines.get(textKey(text));
    if (exact) {
      // A corpus line with a day in it ("kal aaun to kitna lagega") is still about that day.
      const day = DAY_INTENTS.has(exact) ? askedDay(text, now) : null;
      return day ? withDay(exact, day.date, now, 1) : { kind: 'intent', intent: exact, score: 1 };
    }
    // "I have already paid", "how do I pay", "how much" in any form, read from its words (money-words.ts).
    const talk = moneyTalk(text);
    // "kal aaun to kitna lagega": a day beside a question about the dues is the day the dues are for.
    const day = talk === 'paid' ? null : askedDay(text, now);
    if ((talk === 'pay' || talk === 'dues') && day) return withDay(talk, day.date, now, 1);
    if (talk) return { kind: 'intent', intent: talk, score: 1 };
    if (day?.rest) {
      const rest = this.lines.get(textKey(day.rest)) ?? null;
      const u: Understanding = rest
        ? { kind: 'intent', intent: rest, score: 1 }
        : decide(await this.classify(day.rest), evidenceOf(day.rest, now, this.vocabulary));
      if (u.kind === 'intent' && DAY_INTENTS.has(u.intent)) return withDay(u.intent, day.date, now, u.score);
    }
    const u = decide(await this.classify(text), evidenceOf(text, now, this.vocabulary));
    // The payment choice from the model needs a word for money or paying, no "not" ("what if I do not pay",
    // "पैसे न दूँ तो") and no word for the sum ("the amount I must pay" is the dues): otherwise it is asked about.
    if (u.kind === 'intent' && u.intent === 'pay' && (saysNot(text) || !mentionsMoney(text) || namesTheSum(text)))
      return { kind: 'unsure', choices: ['next', 'dues', 'pay'] };
    return u;
  }
}

/**
 * A day beside the dues, the claim or the payment choice asks for the dues on that day ("kal aaun to kitna") — but
 * the claim or the payment asked for today ("bhains le jani h aaj") is itself: today's dues are what it shows.
 */
function withDay(intent: OwnerIntent, day: LocalDate, now: Date, score: number): Understanding {
  if (intent !== 'dues' && day === toIstDate(now)) return { kind: 'intent', intent, score };
  return { kind: 'intent', intent: 'dues', score, day };
}

/** A whole text's key for the model that reads it: Devanagari only → the Hindi one, else the Latin one. */
const textKey = (text: string): string =>
  hasLatin(text) || !hasDevanagari(text) ? latinKey(text) : devanagariKey(text);

/**
 * Search or intent: a text that speaks more for a search (cattle, a date, a village) than for an intent stays a
 * search, as before; a sure intent is taken; an intent half-sure, or a text of intent words no model is sure of,
 * gets "did you mean" with the two or three likeliest.
 */
export function decide(guesses: readonly IntentGuess[], e: Evidence): Understanding {
  const top = guesses[0];
  // Cattle, a date or a colour and no question the model is sure of: a search. An animal named beside a sure question
  // ("meri bhains ka kitna paisa") is the question's: a search runs only when the text describes cattle and asks nothing.
  // The animals count once however they are described ("meri do kali bhains ka kitna"), a date and a village in full.
  const weight = e.search - e.cattle + Math.min(e.cattle, 1);
  if (e.strong && (e.intent === 0 || !top || top.score < SURE || weight > e.intent)) return { kind: 'search' };
  // Cattle described by a colour or a day ("2 kali bhains, mangalvar ko … pakdi gayi") is a search, not a complaint or
  // a claim: the case found has those buttons; a description never leads towards a record.
  if (e.strong && e.described && e.cattle > 0 && top && TOWARDS_A_RECORD.has(top.intent)) return { kind: 'search' };
  // Only unknown words (a village, "Kunda") and no intent word, or nothing the model knows: a search.
  if (e.search > 0 && (e.intent === 0 || !top || top.score < LOW)) return { kind: 'search' };
  if (top && taken(top, guesses[1]?.score ?? 0, e)) return { kind: 'intent', intent: top.intent, score: top.score };
  // Small talk is answered with "did you mean" itself: never one of its choices.
  const choices = guesses.filter((g) => g.score >= 0.1 && g.intent !== 'smalltalk').map((g) => g.intent);
  // Two or three choices: the likeliest, then help, my cases and the dues.
  for (const d of ['help', 'mycases', 'dues'] as const) if (choices.length < 2 && !choices.includes(d)) choices.push(d);
  return { kind: 'unsure', choices: choices.slice(0, 3) };
}

/**
 * Whether the likeliest intent is sure enough to be taken. One word ("number": the keeper's phone, or a receipt's?)
 * must be surer than a sentence (0.8), and must be a word that speaks for an intent or leans to it ("paisa" is the
 * dues', the payment's and the paid's alike); one word ("chhodo": stop, or release them?) never leads towards a
 * record unless it is a corpus line. A harmless intent is taken at 0.6, or at 0.5 with no other within 0.1. The
 * claim, the deposit and the payment choice need 0.9 — or 0.7 with no other intent within 0.4 of it — no other intent
 * within 0.3 in either case, and a word of the text, as the corpus has it (not one letter off), that leans to them
 * ("chhudana", "galat", "upi", a word for money). These bars were set on the k-fold of the corpus and checked on the
 * second and third sets (docs/OWNER-WORDS.md, "Evaluation").
 */
function taken(top: IntentGuess, second: number, e: Evidence): boolean {
  const towards = TOWARDS_A_RECORD.has(top.intent);
  if (e.words <= 1) return !towards && top.score >= SURE_ONE_WORD && (e.intent > 0 || e.leans.has(top.intent));
  if (!towards) return top.score >= SURE_HARMLESS || (top.score >= SURE_LEADING && top.score - second >= LEAD);
  const sure = top.score >= SURE_TOWARDS_RECORD || (top.score >= SURE_CLEAR_LEAD && top.score - second >= CLEAR_LEAD);
  return sure && top.score - second >= TOWARDS_RECORD_MARGIN && e.leans.has(top.intent);
}

/**
 * Trains a model from the corpus files (or the utterances given) — or loads the one saved from the same sentences
 * (model-cache.ts); `saved: false` always trains (the bench measures training).
 */
export async function trainOwnerNlu(
  corpus: readonly Utterance[] = loadCorpus(),
  { saved = true }: { saved?: boolean } = {},
): Promise<OwnerNlu> {
  const t0 = performance.now();
  const container = await containerBootstrap();
  // The NLU's defaults, with its spell check on and its training log off.
  container.registerConfiguration('nlu-??', {
    keepStopwords: true,
    nonefeatureValue: 1,
    nonedeltaMultiplier: 1.2,
    spellCheck: true,
    spellCheckDistance: 1,
    filterZeros: true,
    log: false,
  });
  container.use(Nlp);
  container.use(LangEn);
  container.use(LangHi);
  const nlp = container.get('nlp');
  nlp.settings.autoSave = false;
  nlp.settings.autoLoad = false;
  nlp.settings.calculateSentiment = false;
  nlp.addLanguage(['en', 'hi']);
  const intentsOf = new Map<string, Set<string>>();
  /** How many corpus lines of each intent have a word (a line counted once). */
  const linesOf = new Map<string, Map<OwnerIntent, number>>();
  const lines = new Map<string, OwnerIntent>();
  const documents: TrainingDocument[] = [];
  const note = (key: string, intent: OwnerIntent) => {
    for (const w of new Set(key.split(' ').filter(Boolean))) {
      const counts = linesOf.get(w) ?? new Map<OwnerIntent, number>();
      counts.set(intent, (counts.get(intent) ?? 0) + 1);
      linesOf.set(w, counts);
      const set = intentsOf.get(w) ?? new Set<string>();
      set.add(intent);
      intentsOf.set(w, set);
    }
  };
  for (const u of corpus) {
    // A line two intents share (none should) is left to the model.
    const key = textKey(u.text);
    lines.set(key, lines.has(key) && lines.get(key) !== u.intent ? ('' as OwnerIntent) : u.intent);
    const latin = modelKey(u.text);
    if (latin) {
      nlp.addDocument('en', latin, u.intent);
      documents.push(['en', latin, u.intent]);
      note(latin, u.intent);
    }
    if (u.corpus === 'hi') {
      const deva = devanagariConceptKey(devanagariKey(u.text));
      nlp.addDocument('hi', deva, u.intent);
      documents.push(['hi', deva, u.intent]);
      note(deva, u.intent);
    }
  }
  const key = modelKeyOf(documents);
  const kept = saved ? await savedModel(key) : null;
  // A saved file that does not read as a model (a damaged disk) is trained over, never a failed start.
  const fromSaved = kept !== null && importedFrom(nlp, kept);
  if (!fromSaved) {
    await nlp.train();
    if (saved) await saveModel(key, nlp.export(true));
  }
  const known = new Set(intentsOf.keys());
  const intentWords = new Set(
    [...intentsOf].filter(([w, s]) => s.size < GENERIC_SHARE && !classOfWord(w) && !colourOfWord(w)).map(([w]) => w),
  );
  for (const [k, v] of lines) if (!v) lines.delete(k);
  return new NlpJsOwnerNlu(
    nlp,
    { intentWords, known, leaning: leaningOf(linesOf), nearby: nearbyIndex(known), skeletons: skeletonIndex(linesOf) },
    lines,
    performance.now() - t0,
    fromSaved,
    corpus.length,
  );
}

/** Loads a saved model into `nlp`; false when it is not one. */
function importedFrom(nlp: NlpInstance, saved: string): boolean {
  try {
    nlp.import(saved);
    return true;
  } catch {
    return false;
  }
}

let shared: Promise<OwnerNlu> | undefined;

/** The process's model, trained once on first use (the bot trains it when it starts). */
export function ownerNlu(): Promise<OwnerNlu> {
  shared ??= trainOwnerNlu();
  return shared;
}

let cancelWords: Set<string> | undefined;

/**
 * True when a whole text is one of the corpus's "cancel" lines ("cancel", "रुको", "rehne do"), spelling
 * normalised: inside a flow such a text leaves it, as /cancel does. Exact lines only — a name or a village typed
 * as a flow's answer is never taken for it.
 */
export function isTypedCancel(text: string): boolean {
  cancelWords ??= new Set(
    loadCorpus()
      .filter((u) => u.intent === 'cancel')
      .flatMap((u) => [latinKey(u.text), devanagariKey(u.text)]),
  );
  if (text.length > 40) return false;
  return cancelWords.has(textKey(text));
}
