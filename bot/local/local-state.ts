import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * What the local chat must remember between starts, next to the embedded database in DATA_DIR:
 * the demo clock's offset (events already recorded at "+8 days" must not end up in the future after a
 * restart), the next update id (the bot skips update ids it has seen) and the per-chat message ids
 * (a keeper's reply finds a payment card by chat and message id, so ids must not repeat).
 */
export interface LocalState {
  clockOffsetMs: number;
  nextUpdateId: number;
  nextMessageIds: Record<string, number>;
}

const EMPTY: LocalState = { clockOffsetMs: 0, nextUpdateId: 1, nextMessageIds: {} };

/** The state file in a data directory. */
export function stateFile(dataDir: string): string {
  return path.join(dataDir, 'local-chat.json');
}

/** Reads the saved state; a missing or unreadable file starts afresh (nothing in it is irreplaceable). */
export function loadLocalState(dataDir: string): LocalState {
  const file = stateFile(dataDir);
  if (!existsSync(file)) return { ...EMPTY, nextMessageIds: {} };
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalState>;
    return {
      clockOffsetMs: Number.isSafeInteger(raw.clockOffsetMs) && raw.clockOffsetMs! >= 0 ? raw.clockOffsetMs! : 0,
      nextUpdateId: Number.isSafeInteger(raw.nextUpdateId) && raw.nextUpdateId! >= 1 ? raw.nextUpdateId! : 1,
      nextMessageIds: raw.nextMessageIds && typeof raw.nextMessageIds === 'object' ? raw.nextMessageIds : {},
    };
  } catch {
    return { ...EMPTY, nextMessageIds: {} };
  }
}

/** Writes the state atomically (write then rename), so Ctrl-C mid-write never leaves half a file. */
export function saveLocalState(dataDir: string, state: LocalState): void {
  mkdirSync(dataDir, { recursive: true });
  const file = stateFile(dataDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}
