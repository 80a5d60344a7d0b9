import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Api } from 'grammy';
import type { CoreDeps } from '../src/deps';
import { scrubSecrets } from '../src/logging';
import { deliverMessage } from './deliver';
import type { SendJobData } from './queues';
import { resolveSendJob } from './send-job';
import type { TelegramRateLimiter } from './rate-limit';

/** What a send job did (the job's return value, visible in BullMQ). */
export type SendOutcome = 'sent' | 'unreachable' | 'already_done';

/** A Bot API error as grammY throws it (GrammyError) or as a raw HTTP client reports it. */
interface ApiFailure {
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * The one Telegram sender. Every message to anyone goes through here, so the global and per-chat
 * budgets hold for the whole deployment. The Delivery row (unique messageKey + recipient) is the
 * guard against doubles: a job that finds it SENT or UNREACHABLE does nothing. 403 → UNREACHABLE, not
 * retried; 429 → everyone pauses for retry_after and the job comes back after it (not counted as a
 * failed attempt); other errors are retried with backoff and end as FAILED.
 *
 * Exactly-once is not possible against Telegram (a crash after Telegram accepted the message but before
 * the SENT row is written re-sends it on the retry); the window is one HTTP round trip.
 */
export function createSendProcessor(deps: CoreDeps, api: Api, limiter: TelegramRateLimiter) {
  const log = deps.logger.child({ part: 'jobs.send' });
  return async function processSend(job: Job<SendJobData>, token?: string): Promise<SendOutcome> {
    const { key, message } = await resolveSendJob(deps, job.data);
    const recipient = BigInt(message.chatId);
    const where = { messageKey_telegramUserId: { messageKey: key, telegramUserId: recipient } };
    const existing = await deps.db.delivery.upsert({ where, create: { messageKey: key, telegramUserId: recipient }, update: {} });
    if (existing.status === 'SENT' || existing.status === 'UNREACHABLE') return 'already_done';

    let result;
    try {
      result = await deliverMessage(deps, api, message, {
        beforeCall: async (callIndex) => {
          const grant = await limiter.waitTurn(message.chatId, callIndex === 0);
          if (grant.kind === 'chat_busy') {
            // The chat had a message less than the per-chat interval ago: come back then, freeing the worker.
            await job.moveToDelayed(Date.now() + grant.retryInMs, token);
            throw new DelayedError();
          }
        },
      });
    } catch (err) {
      if (err instanceof DelayedError) throw err;
      const e = err as ApiFailure;
      const retryAfter = e.parameters?.retry_after;
      if (e.error_code === 429 && retryAfter !== undefined) {
        const ms = retryAfter * 1000;
        log.warn({ jobId: job.id, retryAfter }, 'telegram 429: pausing all sends');
        deps.metrics?.telegram429.inc();
        await limiter.pauseAll(ms);
        await deps.db.delivery.update({ where, data: { attempts: { increment: 1 }, lastError: `429 retry_after=${retryAfter}` } });
        await job.moveToDelayed(Date.now() + ms, token);
        throw new DelayedError();
      }
      const description = scrubSecrets(String(e.description ?? (err as Error).message ?? err)).slice(0, 500);
      // A 400 (bad request) will fail the same way every time: record it and stop.
      const permanent = e.error_code === 400;
      const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await deps.db.delivery.update({
        where,
        data: { attempts: { increment: 1 }, lastError: description, ...(last ? { status: 'FAILED' as const } : {}) },
      });
      log.warn({ jobId: job.id, code: e.error_code, attempt: job.attemptsMade + 1, last }, 'send failed');
      if (permanent) throw new UnrecoverableError(description);
      throw err;
    }
    if (result.status === 'unreachable') {
      await deps.db.delivery.update({ where, data: { status: 'UNREACHABLE', attempts: { increment: 1 }, lastError: result.reason.slice(0, 500) } });
      return 'unreachable';
    }
    await deps.db.delivery.update({ where, data: { status: 'SENT', attempts: { increment: 1 }, sentAt: deps.clock.now(), lastError: null } });
    return 'sent';
  };
}
