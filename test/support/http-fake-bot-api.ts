import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DROPPED, type ApiAnswer } from '../../bot/local/telegram/stand-in';
import { decodePayload } from '../../bot/local/telegram/wire';
import { FakeBotApi } from './fake-bot-api';

/** One message the fake accepted, with the bot process that sent it (the first path segment of its API root). */
export interface AcceptedVia {
  via: string;
  method: string;
  chatId: string;
  text: string;
  /** ms since the fake was created, when Telegram accepted it (after any hold). */
  at: number;
  /** The same moment by the wall clock (to compare with times the bot processes wrote to the database). */
  wallAt: Date;
}

interface Hold {
  chatId: string;
  text: string | undefined;
  ms: number;
  started: () => void;
}

/**
 * The tests' Telegram over real HTTP, for bot processes of their own (test/e2e/webhook-two-processes.test.ts):
 * the one stand-in (FakeBotApi) on 127.0.0.1, and
 *
 * - each process gets its own API root `<url>/<name>` (TELEGRAM_API_ROOT), so every accepted message says which
 *   process sent it (`sent`);
 * - `hold(chat, ms, text)` holds the next sendMessage to that chat (with that text) for `ms` before Telegram
 *   accepts it — the sending process is still in its handler meanwhile.
 */
export class HttpFakeBotApi extends FakeBotApi {
  url = '';
  readonly sent: AcceptedVia[] = [];
  private server: Server | undefined;
  private readonly holds: Hold[] = [];

  /** The API root for one bot process (`<url>/<name>`: grammY appends `/bot<token>/<method>`). */
  rootFor(name: string): string {
    return `${this.url}/${name}`;
  }

  /** Holds the next sendMessage to `chatId` (whose text is `text`, when given) for `ms`; resolves when it arrives. */
  hold(chatId: number | string, ms: number, text?: string): Promise<void> {
    return new Promise((started) => this.holds.push({ chatId: String(chatId), text, ms, started }));
  }

  /** Messages accepted for one chat, in the order Telegram accepted them, each with the process that sent it. */
  acceptedFor(chatId: number | string): AcceptedVia[] {
    return this.sent.filter((m) => m.chatId === String(chatId));
  }

  private async callVia(
    via: string,
    method: string,
    body: Buffer | undefined,
    contentType: string | undefined,
  ): Promise<ApiAnswer | typeof DROPPED> {
    const payload = method.startsWith('send') && body ? (await decodePayload(body, contentType)).payload : undefined;
    if (method === 'sendMessage' && payload) {
      const i = this.holds.findIndex(
        (h) => h.chatId === String(payload.chat_id) && (h.text === undefined || h.text === String(payload.text ?? '')),
      );
      if (i >= 0) {
        const [h] = this.holds.splice(i, 1);
        h!.started();
        await new Promise((r) => setTimeout(r, h!.ms));
      }
    }
    const answer = await this.call(method, body, contentType);
    if (answer !== DROPPED && answer.ok && payload) {
      this.sent.push({
        via,
        method,
        chatId: String(payload.chat_id ?? ''),
        text: String(payload.text ?? payload.caption ?? ''),
        at: this.now(),
        wallAt: new Date(),
      });
    }
    return answer;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        // /<via>/bot<token>/<method>: the token is never kept or logged.
        const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
        const via = parts.length >= 3 ? parts[0]! : '';
        const method = parts[parts.length - 1] ?? '';
        const answer = await this.callVia(
          via,
          method,
          chunks.length ? Buffer.concat(chunks) : undefined,
          req.headers['content-type'],
        );
        if (answer === DROPPED) return void res.destroy();
        res.writeHead(answer.ok ? 200 : answer.error_code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      })().catch(() => res.destroy());
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
