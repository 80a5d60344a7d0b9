import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The owner's model, kept on disk once trained. Training takes seconds for a corpus of thousands of sentences; a
 * model saved from the same sentences, as the model reads them (normalised and folded: a change to the corpus or to
 * the code that folds words gives another key), loads in milliseconds. A process starting again — the bot after a
 * deploy, each test file that builds a bot — then loads instead of training. The file is written whole or not at all
 * (a temporary name, then a rename), so two processes training at once leave one good file.
 */

/** What the model learnt: each document as the model reads it, in order. */
export type TrainingDocument = readonly [locale: string, text: string, intent: string];

/** NLP.js's settings and version: a model saved under other settings is not this one. */
const MODEL_VERSION = 'nlpjs-4.27.0 nlu-?? keepStopwords nonefeatureValue=1 nonedeltaMultiplier=1.2 spellCheck=1';

/** Where saved models are kept: OWNER_NLU_CACHE_DIR, or a folder in the system's temporary directory. */
export function modelCacheDir(): string {
  return process.env.OWNER_NLU_CACHE_DIR || path.join(tmpdir(), 'kanji-sahayak-owner-nlu');
}

/** The key of a model: a hash of its version and its documents. */
export function modelKeyOf(documents: readonly TrainingDocument[]): string {
  const h = createHash('sha256').update(MODEL_VERSION);
  for (const d of documents) h.update(`\u0000${d.join('\u0001')}`);
  return h.digest('hex').slice(0, 32);
}

/**
 * Whether the folder is this process's own and no one else may write in it: a model planted by another user of the
 * machine is never loaded (it would decide what owners' words mean).
 */
async function ownFolder(dir: string): Promise<boolean> {
  const st = await stat(dir);
  const uid = process.getuid?.();
  return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
}

/** The saved model of this key, or null when there is none (or it cannot be read, or the folder is not ours). */
export async function savedModel(key: string): Promise<string | null> {
  try {
    const dir = modelCacheDir();
    if (!(await ownFolder(dir))) return null;
    return await readFile(path.join(dir, `${key}.json`), 'utf8');
  } catch {
    return null;
  }
}

/** Saved models kept: the newest (a corpus's full model and its k-fold models, and the one before). */
const KEPT = 24;

/** Saves a trained model under its key; a failure to save (a read-only disk) only means training again next time. */
export async function saveModel(key: string, model: string): Promise<void> {
  const dir = modelCacheDir();
  const tmp = path.join(dir, `${key}.${process.pid}.${Date.now()}.tmp`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (!(await ownFolder(dir))) return;
    await writeFile(tmp, model, { mode: 0o600 });
    await rename(tmp, path.join(dir, `${key}.json`));
    const files = await Promise.all(
      (await readdir(dir))
        .filter((f) => f.endsWith('.json'))
        .map(async (f) => ({ f, at: (await stat(path.join(dir, f))).mtimeMs })),
    );
    for (const { f } of files.sort((a, b) => b.at - a.at).slice(KEPT)) await unlink(path.join(dir, f)).catch(() => {});
  } catch {
    // not kept: the next start trains again
  }
}
