import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DROPPED, type TelegramStandIn } from './stand-in';

/** A stand-in served over real HTTP (`<url>/bot<token>/<method>`), as the Bot API is: for another process. */
export interface StandInServer {
  url: string;
  api: TelegramStandIn;
  stop(): Promise<void>;
}

/**
 * Serves a TelegramStandIn on 127.0.0.1 (a free port): for the chaos script and the benchmarks, whose
 * senders run in other processes. `GET /__count` and `/__stats` report what was accepted (the benchmarks
 * read them from their own process). A dropped call (a simulated timeout) closes the connection unanswered.
 */
export async function serveStandIn(api: TelegramStandIn): Promise<StandInServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url?.startsWith('/__stats'))
        return send(200, {
          now: api.now(),
          accepted: api.accepted.map(({ chatId, at }) => ({ chatId, at })),
          rejected429: api.rejected429,
        });
      if (req.url?.startsWith('/__count')) return send(200, { now: api.now(), accepted: api.accepted.length });
      const file = /\/file\/bot[^/]+\/(.+)$/.exec((req.url ?? '').split('?')[0]!);
      if (file) {
        const r = api.download(decodeURIComponent(file[1]!));
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        return void res.end(Buffer.from(await r.arrayBuffer()));
      }
      const method = (req.url ?? '').split('?')[0]!.split('/').pop() ?? '';
      const answer = await api.call(
        method,
        chunks.length ? Buffer.concat(chunks) : undefined,
        req.headers['content-type'],
      );
      if (answer === DROPPED) return void res.destroy();
      send(answer.ok ? 200 : answer.error_code, answer);
    })().catch(() => res.destroy());
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    api,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
