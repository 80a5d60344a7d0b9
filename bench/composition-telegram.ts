// The Bot API stand-in for the composition bench (bench/composition.ts), in a process of its own as Telegram is: the
// app and the baseline reply to it over HTTP. Prints its URL on the first line of stdout, then one line per document
// accepted ("document <chat id> <epoch ms>"), so the bench sees when each owner's receipt PDF arrived.
// Flood limits off unless FAKE_TG_PER_SECOND is set (the bench measures the app, not Telegram's limits).
import { serveStandIn } from '../bot/local/telegram/http';
import { DROPPED, TelegramStandIn } from '../bot/local/telegram/stand-in';
import { BENCH_BOT_INFO } from './bench-bot';

class CountingStandIn extends TelegramStandIn {
  override async call(method: string, body: unknown, contentType: string | undefined) {
    const answer = await super.call(method, body, contentType);
    if (method === 'sendDocument' && answer !== DROPPED && answer.ok) {
      const chat = (answer.result as { chat?: { id?: number } }).chat?.id;
      process.stdout.write(`document ${chat} ${Math.round(performance.timeOrigin + performance.now())}\n`);
    }
    // What the benches never read back (every call's payload, PDFs included) is not kept for a run of thousands.
    this.calls.length = 0;
    return answer;
  }
}

const env = process.env;
const api = new CountingStandIn({
  botInfo: BENCH_BOT_INFO,
  flood: env.FAKE_TG_PER_SECOND
    ? { perSecond: Number(env.FAKE_TG_PER_SECOND), perChatIntervalMs: Number(env.FAKE_TG_PER_CHAT_MS ?? 1000) }
    : false,
  strictState: false,
});
const server = await serveStandIn(api);
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
