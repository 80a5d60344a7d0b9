import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the fake accepted (Telegram would have shown it in the chat). */
export interface ChaosAccepted {
  chatId: string;
  text: string;
  /** ms since the fake started. */
  at: number;
}

/** How the fake answers while it is failing (fractions of the calls; the rest are 429s). */
export interface FailureMix {
  /** 500/502/503 with an error body. */
  serverError: number;
  /** The request is held for `timeoutHoldMs`, then the connection is dropped without an answer. */
  timeout: number;
  /** The rest: 429 with retry_after in [1, maxRetryAfter]. */
  maxRetryAfter: number;
  timeoutHoldMs: number;
}

/**
 * A Bot API stand-in over HTTP for the chaos script: it counts every sendMessage per chat, enforces
 * Telegram's flood limits (30/s, 1/s per chat → 429 with retry_after, counted apart) and, while `failing`,
 * answers a mix of 5xx, timeouts and 429s. A simulated timeout is a request that Telegram never processed
 * (held, then the connection dropped): a message that was delivered but whose answer was lost cannot be
 * told apart by any client and is the same window as a kill -9 in flight (see docs/ARCHITECTURE.md).
 */
export class ChaosBotApi {
  readonly accepted: ChaosAccepted[] = [];
  readonly failures = { serverError: 0, timeout: 0, tooMany: 0, floodLimit429: 0 };
  failing = false;
  private readonly t0 = performance.now();
  private readonly recent: number[] = [];
  private readonly lastPerChat = new Map<string, number>();
  private server: Server | undefined;
  private nextId = 1;
  url = '';

  constructor(
    private readonly mix: FailureMix = { serverError: 0.4, timeout: 0.25, maxRetryAfter: 5, timeoutHoldMs: 10_000 },
    private readonly limits = { perSecond: 30, perChatIntervalMs: 1000 },
  ) {}

  now(): number {
    return performance.now() - this.t0;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = (req.url ?? '').split('/').pop() ?? '';
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.failing) {
      const r = Math.random();
      if (r < this.mix.serverError) {
        this.failures.serverError++;
        const code = [500, 502, 503][Math.floor(Math.random() * 3)]!;
        return send(code, { ok: false, error_code: code, description: 'Internal Server Error' });
      }
      if (r < this.mix.serverError + this.mix.timeout) {
        this.failures.timeout++;
        await new Promise((resolve) => setTimeout(resolve, this.mix.timeoutHoldMs));
        res.destroy();
        return;
      }
      this.failures.tooMany++;
      const retryAfter = 1 + Math.floor(Math.random() * this.mix.maxRetryAfter);
      return send(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
    }
    if (!method.startsWith('send')) return send(200, { ok: true, result: true });
    let payload: Record<string, unknown> = {};
    if ((req.headers['content-type'] ?? '').includes('json') && raw) payload = JSON.parse(raw) as Record<string, unknown>;
    const chatId = String(payload.chat_id ?? '');
    const at = this.now();
    while (this.recent.length && this.recent[0]! <= at - 1000) this.recent.shift();
    const last = this.lastPerChat.get(chatId);
    let retryMs = 0;
    if (this.recent.length >= this.limits.perSecond) retryMs = this.recent[0]! + 1000 - at;
    if (last !== undefined && at - last < this.limits.perChatIntervalMs) retryMs = Math.max(retryMs, last + this.limits.perChatIntervalMs - at);
    if (retryMs > 0) {
      this.failures.floodLimit429++;
      const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
      return send(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
    }
    this.recent.push(at);
    this.lastPerChat.set(chatId, at);
    const text = String(payload.text ?? payload.caption ?? '');
    this.accepted.push({ chatId, text, at });
    return send(200, { ok: true, result: { message_id: this.nextId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, text } });
  }
}
