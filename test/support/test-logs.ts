import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createLogger, type Logger } from '../../src/logging';

/**
 * Where the test suite's logs go: one file per test worker process, scanned after the last test file for
 * tokens and phone numbers (test/support/log-scan.global.ts, scripts/log-scan.ts). Cleared when a run starts.
 */
export const TEST_LOG_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test-logs');

/** A logger writing every line (debug and up) to the run's log directory, as the production logger would print it. */
export function testLogger(level = 'debug'): Logger {
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const file = path.join(TEST_LOG_DIR, `worker-${process.pid}.log`);
  return createLogger(level, { write: (line: string) => appendFileSync(file, line) });
}

/** A logger whose every line (from `level` up) is pushed to `lines`, for tests of what is logged and what is not. */
export function capturingLogger(lines: string[], level = 'trace'): Logger {
  return createLogger(level, { write: (line: string) => void lines.push(line) });
}
