import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The owner's intents: what an owner may mean by a free-text message outside any flow. None of them changes
 * anything by itself — each opens the screen its button opens (bot/features/owner-words.ts).
 */
export const OWNER_INTENTS = [
  'dues',
  'paid',
  'pay',
  'claim',
  'protest',
  'pound',
  'next',
  'receipt',
  'mycases',
  'follow',
  'help',
  'greeting',
  'thanks',
  'language',
  'cancel',
  'keeper',
  'smalltalk',
] as const;
export type OwnerIntent = (typeof OWNER_INTENTS)[number];

/** The intents whose screens lead towards a record (the claim, the deposit under protest, the payment choice). */
export const TOWARDS_A_RECORD: ReadonlySet<OwnerIntent> = new Set(['claim', 'protest', 'pay']);

export const isOwnerIntent = (s: string): s is OwnerIntent => (OWNER_INTENTS as readonly string[]).includes(s);

/**
 * The corpora, one folder each under locales/nlu/: `en` (English), `hi` (Hindi in Devanagari) and `hinglish`
 * (Hindi in Latin letters, spelled by ear). One file per intent, `<intent>.txt`, one utterance a line; `#` starts
 * a comment line. See locales/nlu/README.md.
 */
export const CORPORA = ['en', 'hi', 'hinglish'] as const;
export type Corpus = (typeof CORPORA)[number];

export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../locales/nlu');

export interface Utterance {
  corpus: Corpus;
  intent: OwnerIntent;
  text: string;
  /** "<corpus>/<intent>.txt:<line>", for a test's message. */
  where: string;
}

/** Reads every corpus file; a file whose name is not an intent is an error (a typo would silently drop it). */
export function loadCorpus(dir = CORPUS_DIR): Utterance[] {
  const out: Utterance[] = [];
  for (const corpus of CORPORA) {
    for (const file of readdirSync(path.join(dir, corpus)).filter((f) => f.endsWith('.txt'))) {
      const intent = file.replace(/\.txt$/, '');
      if (!isOwnerIntent(intent)) throw new Error(`locales/nlu/${corpus}/${file}: no such intent "${intent}"`);
      const lines = readFileSync(path.join(dir, corpus, file), 'utf8').split(/\r?\n/);
      lines.forEach((line, i) => {
        const text = line.trim();
        if (text && !text.startsWith('#')) out.push({ corpus, intent, text, where: `${corpus}/${file}:${i + 1}` });
      });
    }
  }
  return out;
}
