// The Bot API stand-in (bot/local/telegram) in a process of its own, like the real one: arrival times are
// measured on its own event loop, not delayed by the senders' work. Prints its URL on the first line of stdout.
// Options from the environment: FAKE_TG_PER_SECOND, FAKE_TG_PER_CHAT_MS, FAKE_TG_LATENCY_MS, FAKE_TG_JITTER_MS.
import { serveStandIn } from '../bot/local/telegram/http';
import { TelegramStandIn } from '../bot/local/telegram/stand-in';

const env = process.env;
const api = new TelegramStandIn({
  flood: {
    perSecond: Number(env.FAKE_TG_PER_SECOND ?? 30),
    perChatIntervalMs: Number(env.FAKE_TG_PER_CHAT_MS ?? 1000),
  },
  strictState: false,
  latencyMs: Number(env.FAKE_TG_LATENCY_MS ?? 0),
  jitterMs: Number(env.FAKE_TG_JITTER_MS ?? 0),
});
const server = await serveStandIn(api);
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
