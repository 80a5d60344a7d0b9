// The fake Bot API in a process of its own, like the real one: arrival times are measured on its own event
// loop, not delayed by the senders' work. Prints its URL on the first line of stdout.
// Options from the environment: FAKE_TG_PER_SECOND, FAKE_TG_PER_CHAT_MS, FAKE_TG_LATENCY_MS, FAKE_TG_JITTER_MS.
import { FakeTelegramServer } from './fake-telegram';

const env = process.env;
const server = new FakeTelegramServer({
  globalPerSecond: Number(env.FAKE_TG_PER_SECOND ?? 30),
  perChatIntervalMs: Number(env.FAKE_TG_PER_CHAT_MS ?? 1000),
  latencyMs: Number(env.FAKE_TG_LATENCY_MS ?? 0),
  jitterMs: Number(env.FAKE_TG_JITTER_MS ?? 0),
});
process.stdout.write(`${await server.start()}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
