// Processes and load for the composition bench (bench/composition.ts): starting a TypeScript entry point as a child
// process (node --import tsx, so the child's pid is the process that runs the app and its /proc counters are its own),
// its CPU and peak RSS from /proc, and webhook POSTs from this process at saturation and at a fixed offered rate.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import type { Update } from 'grammy/types';

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** Starts `script` (a path from the repository root) on this Node with tsx's loader, stdout piped (or both to the file `out`). */
export function startTs(script: string, env: Record<string, string>, out: 'pipe' | number = 'pipe') {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', out, out === 'pipe' ? 'inherit' : out],
  });
}

/** Resolves with each stdout line to `onLine` and with the first line `match` accepts (rejects if the child ends). */
export function waitForLine(child: ChildProcess, match: (line: string) => boolean, onLine?: (line: string) => void) {
  return new Promise<string>((resolve, reject) => {
    let buf = '';
    let found = false;
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        onLine?.(line);
        if (!found && match(line)) {
          found = true;
          resolve(line);
        }
        nl = buf.indexOf('\n');
      }
    });
    child.once('exit', (code) => {
      if (!found) reject(new Error(`child exited (${code}) before it was ready`));
    });
  });
}

/** Stops a child with SIGTERM and waits for it to end (SIGKILL after `graceMs`). */
export async function stopChild(child: ChildProcess | undefined, graceMs = 15_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await ended;
  clearTimeout(timer);
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** CPU time (user + system) the process has used, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND;
}

/** The process's peak resident set so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/** Polls GET <path> on the port until it answers 200. */
export async function waitHttp(port: number, path: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}${path}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (performance.now() > deadline) throw new Error(`nothing answered on port ${port}${path}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Posts updates to a webhook as Telegram does (JSON, the secret token header) over kept-alive connections. */
export function webhookPoster(port: number, secret: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let failures = 0;
  const post = (u: Update) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify(u);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/webhook',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-telegram-bot-api-secret-token': secret,
          },
        },
        (res) => {
          if (res.statusCode !== 200) failures++;
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(body);
    });
  return { post, failures: () => failures, close: () => agent.destroy() };
}

export interface Timed {
  id: number;
  /** When it started (performance.now()) and how long it took (the webhook's answer, or the handler). */
  start: number;
  ms: number;
}

/** `updates` posted with `concurrency` in flight; the rate and each answer's time. */
export async function saturate(post: (u: Update) => Promise<void>, updates: Update[], concurrency: number) {
  const out: Timed[] = [];
  let i = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (i < updates.length) {
        const u = updates[i++]!;
        const s = performance.now();
        await post(u);
        out.push({ id: u.update_id, start: s, ms: performance.now() - s });
      }
    }),
  );
  return { perSecond: (updates.length / (performance.now() - t0)) * 1000, timed: out };
}

/** Open loop at `rate`/s: each update is posted on schedule whether or not earlier ones were answered. */
export async function paced(post: (u: Update) => Promise<void>, updates: Update[], rate: number) {
  const out: Timed[] = [];
  const t0 = performance.now();
  await Promise.all(
    updates.map(async (u, k) => {
      const due = t0 + (k * 1000) / rate;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      const s = performance.now();
      await post(u);
      out.push({ id: u.update_id, start: s, ms: performance.now() - s });
    }),
  );
  return { perSecond: (updates.length / (performance.now() - t0)) * 1000, timed: out };
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
export const f1 = (n: number) => n.toFixed(1);
/** p50/p95/p99 of latencies in ms, as "a/b/c". */
export const p3 = (xs: number[]) => `${f1(pct(xs, 50))}/${f1(pct(xs, 95))}/${f1(pct(xs, 99))}`;
