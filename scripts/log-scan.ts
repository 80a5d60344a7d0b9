/**
 * Greps log files for what must never be logged: a Telegram bot token (`<digits>:<30+ characters>`, also
 * inside a `/bot<token>/` URL) and phone numbers. Run over every log the test suite wrote (test/support/
 * log-scan.global.ts, after the last test file) and over the chaos run's log (scripts/chaos.ts).
 *
 * Phone numbers: ids are logged as JSON numbers (`"chat_id":9000000001`), which look like Indian mobile
 * numbers, so the generic pattern is applied to JSON *string* values only; and the numbers the tests and the
 * chaos run type (PLANTED_PHONES) are searched in any spelling — with spaces, dashes, +91 or 0 in front.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Phone numbers that test fixtures and the chaos script send to the bot, digits only. */
export const PLANTED_PHONES = ['9812345678'];
const TOKEN = /\d{5,}:[A-Za-z0-9_-]{30,}/;
// +91 / 0091 / 0 then a mobile number, or a bare 10-digit mobile number, possibly grouped 5+5 with a space or dash.
// Not inside a longer word or number: a request id (a UUID) may hold ten digits after a hex letter.
const PHONE = /(?<![\w.])(?:(?:\+|00)91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}(?![\w])/;

/** One thing found: the file, the line number and the kind (never the matched text itself, to keep it out of CI logs). */
export interface LogFinding {
  file: string;
  line: number;
  kind: 'token' | 'phone';
}

/** Scans one line; returns the kind of leak, if any. */
export function leakIn(line: string): LogFinding['kind'] | undefined {
  if (TOKEN.test(line)) return 'token';
  const digits = line.replace(/[\s-]/g, '');
  if (PLANTED_PHONES.some((p) => digits.includes(p))) return 'phone';
  // String values of a JSON line (a line that is not JSON is all text).
  let strings: string[] = [line];
  try {
    strings = [];
    JSON.parse(line, (_k, v: unknown) => {
      if (typeof v === 'string') strings.push(v);
      return v;
    });
  } catch {
    strings = [line];
  }
  return strings.some((s) => PHONE.test(s)) ? 'phone' : undefined;
}

/** Every `.log` file under `dir` (recursively), scanned line by line. */
export function scanLogs(dir: string): { files: number; lines: number; findings: LogFinding[] } {
  const out = { files: 0, lines: 0, findings: [] as LogFinding[] };
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.log')) {
        out.files++;
        readFileSync(p, 'utf8')
          .split('\n')
          .forEach((l, i) => {
            if (!l) return;
            out.lines++;
            const kind = leakIn(l);
            if (kind) out.findings.push({ file: p, line: i + 1, kind });
          });
      }
    }
  };
  walk(dir);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = process.argv[2] ?? 'test-logs';
  const r = scanLogs(dir);
  for (const f of r.findings) console.error(`log-scan: ${f.kind} in ${f.file}:${f.line}`);
  console.log(`log-scan: ${r.files} file(s), ${r.lines} line(s), ${r.findings.length} finding(s)`);
  process.exit(r.findings.length ? 1 : 0);
}
