import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OWNER_INTENTS, type Utterance, modelKey, type OwnerNlu } from '../../../src/services/owner-text';

/** A labelled owner message: the intent meant (or "search"), whether a case was open, the text. */
export interface Labelled {
  label: string;
  context: 'open' | 'none';
  text: string;
}

/** Reads a labelled set from test/unit/owner/data/ (tab-separated; `#` lines are notes). */
export function labelledSet(file: string): Labelled[] {
  return readFileSync(path.join(import.meta.dirname, 'data', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [label, context, text] = l.split('\t');
      return { label: label!, context: context as 'open' | 'none', text: text! };
    });
}

/**
 * Screens on the way to a record: the claim (owner or agent, then the payment), the deposit under protest, the
 * payment choice. Taking one for another message is harmful — except claim and pay for each other, which open the
 * same first step when the owner has no claim yet and lead to the same payment choice when he has.
 */
const TOWARDS_A_RECORD = new Set(['claim', 'protest', 'pay']);
const SAME_ROAD = new Set(['claim', 'pay']);
export const harmfulMiss = (meant: string, got: string) =>
  got !== meant && TOWARDS_A_RECORD.has(got) && !(SAME_ROAD.has(got) && SAME_ROAD.has(meant));

export interface Evaluation {
  right: number;
  total: number;
  harmful: string[];
  report: string;
}

/** Runs a labelled set through the model (`understand`) and draws the confusion matrix. */
export async function evaluate(
  title: string,
  rows: readonly Labelled[],
  nluOf: (i: number) => OwnerNlu,
  now: Date,
  /** Whether the report lists the misrouted lines (not for a held-out set, whose lines stay unread unless asked). */
  lines = true,
): Promise<Evaluation> {
  const labels = [...OWNER_INTENTS, 'search'];
  const columns = [...labels, 'unsure'];
  const matrix = new Map(labels.map((l) => [l, new Map(columns.map((c) => [c, 0]))]));
  const misses: string[] = [];
  const harmful: string[] = [];
  let right = 0;
  for (const [i, r] of rows.entries()) {
    if (!labels.includes(r.label)) throw new Error(`no such label "${r.label}" for "${r.text}"`);
    const u = await nluOf(i).understand(r.text, now);
    const got = u.kind === 'intent' ? u.intent : u.kind === 'case_number' ? 'search' : u.kind;
    matrix.get(r.label)!.set(got, matrix.get(r.label)!.get(got)! + 1);
    if (got === r.label) right++;
    else {
      misses.push(`${r.label} (${r.context}) "${r.text}" → ${got}`);
      if (harmfulMiss(r.label, got)) harmful.push(`"${r.text}" (${r.label}) → ${got}`);
    }
  }
  const short = (s: string) => s.slice(0, 7).padStart(7);
  const report = [
    `${title}: confusion matrix (rows: meant, columns: routed), ${right}/${rows.length} = ${((100 * right) / rows.length).toFixed(1)} % right, ${harmful.length} towards a record wrongly`,
    `${''.padStart(9)}${columns.map(short).join(' ')}`,
    ...labels.map(
      (l) =>
        `${l.slice(0, 8).padEnd(9)}${columns.map((c) => String(matrix.get(l)!.get(c) || '.').padStart(7)).join(' ')}`,
    ),
    ...(misses.length && lines ? ['misrouted:', ...misses.map((m) => `  ${m}`)] : []),
  ].join('\n');
  return { right, total: rows.length, harmful, report };
}

/**
 * The fold each corpus line is held out in, for k-fold: lines that read the same to the model once normalised
 * (a Hindi line and its Hinglish twin, "मेरी गाय वापस दो" and "meri gai wapas do") share a fold, so a line is never
 * read by a model that learnt its twin. The fold is a hash of that reading, so a line added to one file moves no other
 * line to another fold (round-robin in corpus order did, and the measure swung by a point with each edit).
 */
export function foldsOf(corpus: readonly Utterance[], folds: number): number[] {
  return corpus.map((u) => fnv1a(modelKey(u.text)) % folds);
}

/** 32-bit FNV-1a of a string's UTF-16 code units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
