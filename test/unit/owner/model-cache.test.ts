import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus, trainOwnerNlu } from '../../../src/services/owner-text';

/** A saved model is the trained one, loaded in its place; a folder others may write in is never read. */
describe('the owner words model, saved once trained', () => {
  let dir: string;
  const before = process.env.OWNER_NLU_CACHE_DIR;
  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'nlu-cache-test-')), 'models');
    process.env.OWNER_NLU_CACHE_DIR = dir;
  });
  afterEach(async () => {
    if (before === undefined) delete process.env.OWNER_NLU_CACHE_DIR;
    else process.env.OWNER_NLU_CACHE_DIR = before;
    await rm(path.dirname(dir), { recursive: true, force: true });
  });
  // A small corpus (every tenth line) trains quickly and still has every intent.
  const small = loadCorpus().filter((_, i) => i % 10 === 0);
  const texts = ['kitna paisa dena hai', 'कांजी हाउस कहाँ है', 'I want my buffalo back', 'rasid bhejo', 'namaste'];

  it('loads the model trained from the same sentences, and it reads every text the same', async () => {
    const trained = await trainOwnerNlu(small);
    expect(trained.fromSaved).toBe(false);
    expect(await readdir(dir)).toHaveLength(1);
    const loaded = await trainOwnerNlu(small);
    expect(loaded.fromSaved).toBe(true);
    for (const t of texts) expect(await loaded.classify(t), t).toEqual(await trained.classify(t));
  });

  it('trains again for other sentences, and when asked not to load', async () => {
    await trainOwnerNlu(small);
    expect((await trainOwnerNlu(small.slice(1))).fromSaved).toBe(false);
    expect((await trainOwnerNlu(small, { saved: false })).fromSaved).toBe(false);
    expect(await readdir(dir)).toHaveLength(2);
  });

  it('trains over a saved file that is not a model, and saves a good one', async () => {
    await trainOwnerNlu(small);
    const [file] = await readdir(dir);
    await writeFile(path.join(dir, file!), '{"settings": ');
    expect((await trainOwnerNlu(small)).fromSaved).toBe(false);
    expect((await trainOwnerNlu(small)).fromSaved).toBe(true);
  });

  it('never reads a folder others may write in', async () => {
    await trainOwnerNlu(small);
    await chmod(dir, 0o777);
    expect((await trainOwnerNlu(small)).fromSaved).toBe(false);
  });
});
