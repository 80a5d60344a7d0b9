import { Api } from 'grammy';
import { createJobRuntime, type JobRuntime } from '../../jobs/runtime';
import { keyFromJobId, QUEUE_NAMES } from '../../jobs/queues';
import { statusLines } from '../../jobs/status';
import type { CoreDeps } from '../deps';

/** What the admin CLI passes (AdminDeps); plain CoreDeps work too (output to the console, English). */
type JobsCommandDeps = CoreDeps & {
  t?: (key: string, options?: Record<string, unknown>) => string;
  out?: (line: string) => void;
  err?: (line: string) => void;
};

/** How many failed jobs `failed` lists and `retry` retries per queue in one run. */
const FAILED_PAGE = 1000;

/**
 * `npm run admin -- jobs [status | failed | retry]`: queue depths, failed jobs and the oldest overdue item;
 * the failed jobs one per line; or retry every failed job (each re-checks the case and its Delivery row,
 * so a retry never doubles a message). Connects to Redis (REDIS_URL, QUEUE_PREFIX) without running
 * workers or the dispatcher. Exit codes: 0 done, 1 Redis unreachable, 2 bad arguments.
 */
export async function runJobsCommand(deps: JobsCommandDeps, args: string[]): Promise<number> {
  const t = deps.t ?? ((key: string, options?: Record<string, unknown>) => deps.translator.t('en', key, options));
  const out = deps.out ?? ((line: string) => console.log(line));
  const err = deps.err ?? ((line: string) => console.error(line));
  const sub = args[0] ?? 'status';
  if (!['status', 'failed', 'retry'].includes(sub) || args.length > 1) {
    err(t('jobs:cli.usage'));
    return 2;
  }
  // The Api is never called: no workers run in this process.
  const runtime: JobRuntime = createJobRuntime({
    deps,
    api: new Api(deps.config.BOT_TOKEN ?? '0:admin-cli'),
    redisUrl: deps.config.REDIS_URL,
    prefix: deps.config.QUEUE_PREFIX,
    workers: false,
    dispatcher: false,
  });
  try {
    await runtime.start();
  } catch (e) {
    err(t('jobs:cli.redis_error', { message: (e as Error).message }));
    return 1;
  }
  try {
    if (sub === 'status') {
      for (const line of statusLines(t, await runtime.status())) out(line);
      return 0;
    }
    let n = 0;
    for (const name of QUEUE_NAMES) {
      for (const job of await runtime.queues[name].getFailed(0, FAILED_PAGE - 1)) {
        if (!job?.id) continue;
        if (sub === 'failed') {
          out(
            t('jobs:cli.failed_line', {
              queue: name,
              key: keyFromJobId(job.id),
              reason: job.failedReason ?? '',
              attempts: job.attemptsMade,
            }),
          );
        } else {
          await job.retry('failed');
        }
        n++;
      }
    }
    if (sub === 'failed' && n === 0) out(t('jobs:cli.no_failed'));
    if (sub === 'retry') out(t('jobs:cli.retried', { n }));
    return 0;
  } finally {
    await runtime.stop();
  }
}
