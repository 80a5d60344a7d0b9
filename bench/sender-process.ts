// A second jobs worker process for the broadcast benchmark: workers only, same database and Redis prefix,
// so the benchmark shows the Telegram budget holding across processes. Stops on SIGTERM (graceful).
import { Api } from 'grammy';
import { createJobRuntime } from '../jobs/runtime';
import { ManualClock } from '../src/clock';
import { createConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { createTranslator } from '../src/i18n';
import { createLogger } from '../src/logging';

const env = process.env;
// The same Telegram limits as the main bench process (BENCH_RATE): before, this process always ran at the
// default 30/s, so at BENCH_RATE=5 it filled the other's gaps and the fake answered 429 (≈ 60 % of the rate).
const config = createConfig({
  LOG_LEVEL: 'silent',
  BOT_TOKEN: env.BENCH_BOT_TOKEN,
  REDIS_URL: env.REDIS_URL,
  TELEGRAM_GLOBAL_PER_SECOND: env.BENCH_RATE,
});
const db = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
const deps = {
  config,
  db: db.prisma,
  clock: new ManualClock(env.NOW!),
  logger: createLogger('silent'),
  translator: await createTranslator(),
};
const runtime = createJobRuntime({
  deps,
  api: new Api(config.BOT_TOKEN!, { apiRoot: env.API_ROOT! }),
  redisUrl: config.REDIS_URL,
  prefix: env.PREFIX!,
  dispatcher: false,
});
await runtime.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void runtime
    .stop()
    .then(() => db.close())
    .then(() => process.exit(0));
});
