import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Api } from 'grammy';
import type { CoreDeps } from '../src/deps';
import { scrubSecrets } from '../src/logging';
import { deliverMessage } from './deliver';
import { isBadRequest, permanentError } from './permanent';
import type { SendJobData } from './queues';
import { resolveSendJob } from './send-job';
import type { TelegramRateLimiter } from './rate-limit';
import { rememberSent, wasSent } from './sent-facts';
import type { Redis } from 'ioredis';

/** A chat's consecutive 429s up to this many pause every sender (a global flood); beyond, only that chat waits. */
export const CHAT_429_PAUSES_ALL = 2;
/** A chat that answers 429 this many times in a row is given up on: its Delivery row is FAILED (shown in /status). */
export const CHAT_429_GIVE_UP = 8;
/** Tries of the SENT write before the fact goes to Redis instead (see sent-facts.ts). */
const SENT_WRITE_TRIES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How often, at least, a bundle's later part looks again whether the part before it has gone. */
const MIN_PART_WAIT_MS = 200;

/**
 * Has the part before this one (`after`, its outbox key) reached the chat — or can it never (unreachable, failed)?
 * A part not yet started holds this one back while it is queued; a key that was never queued holds nothing back.
 */
async function earlierPartDone(deps: CoreDeps, after: string, recipient: bigint): Promise<boolean> {
  const d = await deps.db.delivery.findUnique({
    where: { messageKey_telegramUserId: { messageKey: after, telegramUserId: recipient } },
    select: { status: true },
  });
  if (d) return d.status !== 'PENDING';
  return (await deps.db.outboxEntry.findUnique({ where: { jobKey: after }, select: { id: true } })) === null;
}

/** The job's lock was gone before the Bot API call: another run owns the message; this one sends nothing. */
export class LockLostError extends Error {
  constructor(jobId: string) {
    super(`lock lost before sending (job ${jobId}): left to the run that holds it`);
    this.name = 'LockLostError';
  }
}

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
 * guard against doubles: a job that finds it SENT or UNREACHABLE does nothing. 403 / 400 chat not found →
 * UNREACHABLE, not retried; another 400 → FAILED (the request itself is wrong; an operator looks), except a 400
 * about the photo or PDF only, or a PDF that cannot be typeset: then the words go without it, SENT with the reason
 * (jobs/permanent.ts: every error that retrying will not cure is counted by kind and shown in /status);
 * 429 → everyone pauses for retry_after and the job comes back after it (not counted as a failed attempt),
 * but a chat that keeps answering 429 waits alone, with a growing delay, and is given up after
 * CHAT_429_GIVE_UP (FAILED); other errors (5xx, network, the database down) are transient: retried with
 * backoff, the row stays PENDING, and once the job's attempts run out the reconciler adds it again.
 *
 * Once Telegram accepted the message the SENT write is retried; if the database still refuses, the fact
 * is kept in Redis (`facts`) and written by the reconciler, so an outage does not make the retry send
 * again. Exactly-once is not possible against Telegram: a process killed after Telegram accepted the
 * message but before either write re-sends it on the retry; the window is one HTTP round trip.
 */
export function createSendProcessor(
  deps: CoreDeps,
  api: Api,
  limiter: TelegramRateLimiter,
  facts?: { redis: Redis; prefix: string },
  lockDurationMs = 10_000,
) {
  const log = deps.logger.child({ part: 'jobs.send' });
  return async function processSend(job: Job<SendJobData>, token?: string): Promise<SendOutcome> {
    const { key, message } = await resolveSendJob(deps, job.data);
    const recipient = BigInt(message.chatId);
    const where = { messageKey_telegramUserId: { messageKey: key, telegramUserId: recipient } };
    const existing = await deps.db.delivery.upsert({
      where,
      create: { messageKey: key, telegramUserId: recipient },
      update: {},
    });
    // FAILED is not final here: the reconciler never revives it, but an operator's `admin jobs retry` may.
    if (existing.status === 'SENT' || existing.status === 'UNREACHABLE') return 'already_done';
    if (facts && (await wasSent(facts.redis, facts.prefix, existing.id))) return 'already_done';
    // A later part of a bundle (a s. 14 report's notice, proclamation, PDFs) waits for the part before it.
    if (message.after && !(await earlierPartDone(deps, message.after, recipient))) {
      await job.moveToDelayed(
        Date.now() + Math.max(deps.config.TELEGRAM_PER_CHAT_INTERVAL_MS, MIN_PART_WAIT_MS),
        token,
      );
      throw new DelayedError();
    }

    let result;
    try {
      result = await deliverMessage(deps, api, message, {
        beforeCall: async (callIndex) => {
          // Everything but a broadcast's bulk takes the limiter's priority lane: an officer's or keeper's
          // message (and an owner's) leaves before the bulk sends still waiting, at any configured rate.
          // Still ours? Redis restarted empty (the reconciler has added the job again) or the lock expired and
          // a stalled check handed the job to another worker: that run owns the message now, and both would
          // pass the PENDING check above. The lock is checked (and extended) right before each admission
          // attempt, not after it: the admitted departure then leaves at once (a Redis round trip between the
          // two, slow on a loaded machine, bunched arrivals at Telegram into 429s), and what remains unguarded
          // is the HTTP round trip (the lock now runs lockDurationMs past it).
          const checkLock = async () => {
            if (token && (await job.extendLock(token, lockDurationMs)) !== 1) throw new LockLostError(String(job.id));
          };
          // And ADMIT itself checks the lock in the same atomic step: a Redis restarted empty while the admission
          // call waited for it (the chaos run: one broadcast message doubled) admits nothing.
          const lock = token ? { key: `${job.queueQualifiedName}:${job.id}:lock`, token } : undefined;
          const grant = await limiter.waitTurn(
            message.chatId,
            callIndex === 0,
            message.priority !== 'bulk',
            checkLock,
            lock,
          );
          if (grant.kind === 'lock_lost') throw new LockLostError(String(job.id));
          if (grant.kind === 'chat_busy') {
            // The chat had a message less than the per-chat interval ago: come back then, freeing the worker.
            await job.moveToDelayed(Date.now() + grant.retryInMs, token);
            throw new DelayedError();
          }
          // The Bot API call follows at once; if this continuation ran late, the window learns when it leaves.
          limiter.departing(message.chatId);
        },
      });
    } catch (err) {
      if (err instanceof DelayedError || err instanceof LockLostError) throw err;
      const e = err as ApiFailure;
      const retryAfter = e.parameters?.retry_after;
      if (e.error_code === 429 && retryAfter !== undefined) {
        const ms = retryAfter * 1000;
        deps.metrics?.telegram429.inc();
        // Consecutive 429s of this chat (the count lives as long as the chat keeps failing).
        const streak = await limiter.chat429(message.chatId);
        if (streak >= CHAT_429_GIVE_UP) {
          await deps.db.delivery.update({
            where,
            data: {
              status: 'FAILED',
              attempts: { increment: 1 },
              lastError: permanentError('flood', `429 x${streak}: given up`),
            },
          });
          deps.metrics?.sendPermanent.inc({ kind: 'flood' });
          log.warn({ jobId: job.id, streak }, 'telegram 429 for one chat again and again: given up');
          throw new UnrecoverableError(`429 x${streak}`);
        }
        const wait = streak <= CHAT_429_PAUSES_ALL ? ms : ms * 2 ** (streak - CHAT_429_PAUSES_ALL);
        if (streak <= CHAT_429_PAUSES_ALL) {
          log.warn({ jobId: job.id, retryAfter }, 'telegram 429: pausing all sends');
          await limiter.pauseAll(ms);
        } else {
          log.warn({ jobId: job.id, retryAfter, streak }, 'telegram 429 again for one chat: only it waits');
        }
        await deps.db.delivery.update({
          where,
          data: { attempts: { increment: 1 }, lastError: `429 retry_after=${retryAfter}` },
        });
        await job.moveToDelayed(Date.now() + wait, token);
        throw new DelayedError();
      }
      const description = scrubSecrets(String(e.description ?? (err as Error).message ?? err)).slice(0, 500);
      // A 400 (bad request) will fail the same way every time: record it and stop. Anything else is
      // transient: the row stays PENDING (owed), the job retries, and the reconciler revives it after.
      const permanent = isBadRequest(err);
      if (permanent) deps.metrics?.sendPermanent.inc({ kind: 'bad_request' });
      await deps.db.delivery
        .update({
          where,
          data: {
            attempts: { increment: 1 },
            lastError: permanent ? permanentError('bad_request', description) : description,
            ...(permanent ? { status: 'FAILED' as const } : {}),
          },
        })
        .catch((dbErr: unknown) =>
          log.warn({ jobId: job.id, err: (dbErr as Error).message }, 'could not record the failed attempt'),
        );
      log.warn({ jobId: job.id, code: e.error_code, attempt: job.attemptsMade + 1, permanent }, 'send failed');
      if (permanent) throw new UnrecoverableError(description);
      throw err;
    }
    // Any message the chat accepts ends its 429 streak (the streak is per chat, not per message: another
    // message's success, or a 5xx between two 429s, must not leave it counting towards CHAT_429_GIVE_UP).
    await limiter.chat429Reset(message.chatId);
    if (result.status === 'unreachable') {
      await deps.db.delivery.update({
        where,
        data: { status: 'UNREACHABLE', attempts: { increment: 1 }, lastError: result.reason.slice(0, 500) },
      });
      return 'unreachable';
    }
    const sentAt = deps.clock.now();
    // The words went, without the PDF or photo that cannot be made or sent: kept as the row's reason, counted by kind.
    const leftOut = result.leftOut;
    if (leftOut) {
      deps.metrics?.sendPermanent.inc({ kind: leftOut.kind });
      log.warn(
        { jobId: job.id, kind: leftOut.kind },
        'sent without its attachment: it will not get better by retrying',
      );
    }
    const lastError = leftOut ? permanentError(leftOut.kind, scrubSecrets(leftOut.reason)) : null;
    for (let i = 1; ; i++) {
      try {
        await deps.db.delivery.update({
          where,
          data: { status: 'SENT', attempts: { increment: 1 }, sentAt, lastError },
        });
        break;
      } catch (err) {
        if (i < SENT_WRITE_TRIES) {
          await sleep(500 * i);
          continue;
        }
        if (!facts) throw err;
        // Telegram has the message: keep that fact where it can still be written, and ack the job.
        await rememberSent(facts.redis, facts.prefix, existing.id, result.messageId, sentAt);
        log.warn({ jobId: job.id, err: (err as Error).message }, 'database unavailable: sent fact kept in Redis');
        break;
      }
    }
    return 'sent';
  };
}
