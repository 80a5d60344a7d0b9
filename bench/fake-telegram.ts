import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the fake accepted. */
export interface AcceptedMessage {
  method: string;
  chatId: string;
  text: string;
  /** Arrival, ms since the server started (performance clock). */
  at: number;
  /** Wall-clock ms when the request began to arrive (for latency measurements across processes). */
  wallIn?: number;
}

/** A scripted answer for the next calls matching a method (and chat). */
export interface ScriptedFailure {
  method: string;
  chatId?: string;
  times: number;
  errorCode: number;
  description: string;
  retryAfter?: number;
}

/** Limits and behaviour of the fake Bot API. */
export interface FakeTelegramOptions {
  /** Messages per second across all chats (Telegram: about 30). */
  globalPerSecond: number;
  /** Minimum interval between two messages to one chat (Telegram: about 1 s). */
  perChatIntervalMs: number;
  /** Answer 429 when a limit is exceeded (default true). */
  enforce?: boolean;
  /** Chats that blocked the bot: 403. */
  blocked?: Iterable<string>;
  /** Simulated network and processing time per call (before the limits are checked). */
  latencyMs?: number;
  /** Up to this much random extra latency per call: jitter, so arrivals are not as evenly spaced as sends. */
  jitterMs?: number;
}

/**
 * A stand-in for the Telegram Bot API over real HTTP, for the benchmark and for tests where the sender
 * runs in another process. It enforces Telegram's flood limits strictly — at most `globalPerSecond`
 * accepted messages in any sliding second, and `perChatIntervalMs` between two messages to one chat —
 * and answers 429 with retry_after when they are exceeded, as Telegram does. 403 for blocked chats.
 */
export class FakeTelegramServer {
  readonly accepted: AcceptedMessage[] = [];
  readonly rejected429: Array<{ chatId: string; at: number; retryAfter: number }> = [];
  readonly rejected403: string[] = [];
  private readonly recent: number[] = [];
  private readonly lastPerChat = new Map<string, number>();
  private readonly blocked: Set<string>;
  private readonly scripted: ScriptedFailure[] = [];
  private server: Server | undefined;
  private readonly t0 = performance.now();
  private nextId = 1;
  url = '';

  constructor(private readonly opts: FakeTelegramOptions) {
    this.blocked = new Set(opts.blocked ?? []);
  }

  /** Milliseconds since the server was created (same clock as `AcceptedMessage.at`). */
  now(): number {
    return performance.now() - this.t0;
  }

  /** Fail the next `times` calls of `method` (to `chatId`, if given) with this answer. */
  script(f: ScriptedFailure): void {
    this.scripted.push({ ...f });
  }

  block(chatId: string): void {
    this.blocked.add(chatId);
  }

  /** Accepted messages to one chat, in arrival order. */
  to(chatId: string | number): AcceptedMessage[] {
    return this.accepted.filter((m) => m.chatId === String(chatId));
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const wallIn = Date.now();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = (req.url ?? '').split('/').pop() ?? '';
    let payload: Record<string, unknown> = {};
    if ((req.headers['content-type'] ?? '').includes('json') && raw) payload = JSON.parse(raw);
    else {
      // multipart (a photo upload): pick out the text fields we care about.
      for (const m of raw.matchAll(/name="(chat_id|caption|text)"\r\n\r\n([\s\S]*?)\r\n--/g)) payload[m[1]!] = m[2];
    }
    const delay = (this.opts.latencyMs ?? 0) + Math.random() * (this.opts.jitterMs ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url?.startsWith('/__stats')) return send(200, { now: this.now(), accepted: this.accepted.map(({ chatId, at, wallIn }) => ({ chatId, at, wallIn })), rejected429: this.rejected429, rejected403: this.rejected403 });
    if (req.url?.startsWith('/__count')) return send(200, { now: this.now(), accepted: this.accepted.length });
    if (method === 'getMe') return send(200, { ok: true, result: { id: 1, is_bot: true, first_name: 'Fake', username: 'FakeBot' } });
    if (!method.startsWith('send')) return send(200, { ok: true, result: true });

    const chatId = String(payload.chat_id ?? '');
    const at = this.now();
    const s = this.scripted.find((f) => f.times > 0 && f.method === method && (f.chatId === undefined || f.chatId === chatId));
    if (s) {
      s.times -= 1;
      if (s.errorCode === 429) this.rejected429.push({ chatId, at, retryAfter: s.retryAfter ?? 1 });
      return send(s.errorCode, { ok: false, error_code: s.errorCode, description: s.description, ...(s.retryAfter !== undefined ? { parameters: { retry_after: s.retryAfter } } : {}) });
    }
    if (this.blocked.has(chatId)) {
      this.rejected403.push(chatId);
      return send(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    }
    if (this.opts.enforce ?? true) {
      while (this.recent.length && this.recent[0]! <= at - 1000) this.recent.shift();
      const last = this.lastPerChat.get(chatId);
      let retryMs = 0;
      if (this.recent.length >= this.opts.globalPerSecond) retryMs = this.recent[0]! + 1000 - at;
      if (last !== undefined && at - last < this.opts.perChatIntervalMs) retryMs = Math.max(retryMs, last + this.opts.perChatIntervalMs - at);
      if (retryMs > 0) {
        const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
        this.rejected429.push({ chatId, at, retryAfter });
        return send(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
      }
    }
    this.recent.push(at);
    this.lastPerChat.set(chatId, at);
    const text = String(payload.text ?? payload.caption ?? '');
    this.accepted.push({ method, chatId, text, at, wallIn });
    return send(200, {
      ok: true,
      result: { message_id: this.nextId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, text },
    });
  }
}
