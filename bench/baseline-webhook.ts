// The composition bench's baseline (bench/composition.ts): the least a grammY + Prisma webhook server does — node:http,
// grammY's webhookCallback with the secret token, one Prisma findUnique per update on the same database, one
// sendMessage to the same Bot API stand-in. Env: BOT_TOKEN, TELEGRAM_API_ROOT, WEBHOOK_SECRET, PORT, DATABASE_URL.
// Prints "ready" when it listens; stops on SIGTERM.
import { createServer } from 'node:http';
import { Bot, webhookCallback } from 'grammy';
import { openDatabase } from '../src/db';
import { BENCH_BOT_INFO } from './bench-bot';

const env = process.env;
const db = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
const bot = new Bot(env.BOT_TOKEN!, { client: { apiRoot: env.TELEGRAM_API_ROOT! }, botInfo: BENCH_BOT_INFO });
bot.on('message:text', async (ctx) => {
  const c = await db.prisma.case.findUnique({ where: { number: ctx.msg.text } });
  await ctx.reply(c ? c.number : 'none');
});
const handle = webhookCallback(bot, 'http', { secretToken: env.WEBHOOK_SECRET! });
const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/webhook') return void handle(req, res);
  res.writeHead(req.url === '/healthz' ? 200 : 404).end();
});
server.keepAliveTimeout = 60_000;
server.listen(Number(env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void db.close().then(() => process.exit(0)));
});
