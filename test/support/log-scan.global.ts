import { mkdirSync, rmSync } from 'node:fs';
import { scanLogs } from '../../scripts/log-scan';
import { TEST_LOG_DIR } from './test-logs';

// vitest runs test files in parallel; the scan runs once, after the last of them (a global teardown).
export function setup(): void {
  rmSync(TEST_LOG_DIR, { recursive: true, force: true });
  mkdirSync(TEST_LOG_DIR, { recursive: true });
}

export function teardown(): void {
  const r = scanLogs(TEST_LOG_DIR);
  console.log(
    `log scan of the test run (${TEST_LOG_DIR}): ${r.files} file(s), ${r.lines} line(s), ${r.findings.length} token/phone finding(s)`,
  );
  if (r.findings.length) {
    // vitest reports an error thrown here but still exits 0: the exit code is set too.
    process.exitCode = 1;
    throw new Error(
      `the tests' logs hold a bot token or a phone number:\n${r.findings.map((f) => `  ${f.kind} at ${f.file}:${f.line}`).join('\n')}`,
    );
  }
}
