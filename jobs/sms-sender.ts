import { UnrecoverableError, type Job } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import { scrubSecrets } from '../src/logging';
import { windowsFromConfig } from '../src/services/dues';
import type { SmsJobPayload } from '../src/services/outbox';
import { MobileVault, SmsSendError, composeOwnerSms, e164 } from '../src/services/sms';
import type { SmsJobData } from './queues';

/** What an SMS job did (its BullMQ return value). */
export type SmsOutcome = 'sent' | 'skipped' | 'already_done';

/** Longest wait between two attempts of an SMS (a provider outage is outlasted; the reconciler revives beyond). */
export const SMS_MAX_BACKOFF_MS = 60_000;

/** The SMS worker's backoff ('capped', like the Telegram sender's): base × 2^(n−1), at most SMS_MAX_BACKOFF_MS. */
export function smsBackoff(baseMs: number, maxMs = SMS_MAX_BACKOFF_MS) {
  return (attemptsMade: number, type?: string): number =>
    type === 'capped' ? Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), maxMs) : -1;
}

/**
 * Sends one owed SMS. The job names the outbox row; the row names the owner's mobile row and the event; the SMS
 * is built from the database as it is now (src/services/sms/compose.ts), the number decrypted only here and only
 * for the provider call. The SmsDelivery row (unique per outbox key = per event per owner) is the guard against
 * doubles: SENT, UNREACHABLE (number erased, stopped by the owner, or beyond his own case without his own consent —
 * checked here, when it is sent, so a stop holds back what was queued before it) and FAILED (refused for good) are
 * final. A transient provider error
 * leaves it PENDING and the job retries with backoff; once its attempts run out the reconciler adds it again, so an
 * outage loses nothing. As with Telegram, a process killed after the provider accepted the SMS and before SENT was
 * written sends it again on the retry (one HTTP round trip).
 */
export function createSmsProcessor(deps: CoreDeps) {
  const log = deps.logger.child({ part: 'jobs.sms' });
  const vault = deps.config.SMS_DATA_KEY ? new MobileVault(deps.config.SMS_DATA_KEY) : undefined;
  return async function processSms(job: Job<SmsJobData>): Promise<SmsOutcome> {
    const settings = deps.sms;
    if (!settings || !vault) throw new Error('SMS is not configured in this process');
    const row = await deps.db.outboxEntry.findUnique({
      where: { id: BigInt(job.data.outboxId) },
      select: { jobKey: true, payload: true },
    });
    if (!row) throw new UnrecoverableError(`outbox row ${job.data.outboxId} not found`);
    const p = row.payload as unknown as SmsJobPayload;
    const key = row.jobKey;
    const delivery = await deps.db.smsDelivery.upsert({
      where: { key },
      create: { key, mobileId: p.mobileId, event: p.event },
      update: {},
    });
    if (delivery.status !== 'PENDING') return 'already_done';
    const composed = await composeOwnerSms(deps.db, p, settings.publicUrl, windowsFromConfig(deps.config));
    if (composed.kind === 'skip') {
      await deps.db.smsDelivery.update({
        where: { key },
        data: { status: 'UNREACHABLE', lastError: composed.reason },
      });
      deps.metrics?.sms.inc({ event: p.event, outcome: 'skipped' });
      log.info({ jobId: job.id, mobileId: p.mobileId, event: p.event, reason: composed.reason }, 'sms not sent');
      return 'skipped';
    }
    const { rendered } = composed;
    const templateId = settings.templateIds.get(rendered.templateKey);
    if (!templateId) throw new UnrecoverableError(`no DLT template id for ${rendered.templateKey}`);
    let to: string;
    try {
      to = e164(vault.open(composed.cipher));
    } catch {
      // Sealed under another key (SMS_DATA_KEY changed): it will never open; an operator sees it FAILED.
      await deps.db.smsDelivery.update({ where: { key }, data: { status: 'FAILED', lastError: 'cannot decrypt' } });
      deps.metrics?.sms.inc({ event: p.event, outcome: 'failed' });
      throw new UnrecoverableError('the mobile number cannot be decrypted with SMS_DATA_KEY');
    }
    let accepted;
    try {
      accepted = await settings.provider.send({
        to,
        text: rendered.text,
        encoding: rendered.encoding,
        templateId,
        templateKey: rendered.templateKey,
        entityId: settings.entityId,
        senderId: settings.senderId,
        idempotencyKey: key,
      });
    } catch (err) {
      const permanent = err instanceof SmsSendError && err.permanent;
      const reason = scrubSecrets(err instanceof SmsSendError ? err.message : (err as Error).name || 'error').slice(
        0,
        200,
      );
      await deps.db.smsDelivery
        .update({
          where: { key },
          data: { attempts: { increment: 1 }, lastError: reason, ...(permanent ? { status: 'FAILED' as const } : {}) },
        })
        .catch((dbErr: unknown) =>
          log.warn({ jobId: job.id, err: (dbErr as Error).message }, 'could not record the failed sms attempt'),
        );
      deps.metrics?.sms.inc({ event: p.event, outcome: permanent ? 'failed' : 'retry' });
      log.warn(
        { jobId: job.id, mobileId: p.mobileId, event: p.event, permanent, attempt: job.attemptsMade + 1, reason },
        'sms failed',
      );
      if (permanent) throw new UnrecoverableError(reason);
      throw new Error(reason);
    }
    await deps.db.smsDelivery.update({
      where: { key },
      data: {
        status: 'SENT',
        attempts: { increment: 1 },
        sentAt: deps.clock.now(),
        providerMessageId: accepted.providerMessageId.slice(0, 100),
        lastError: null,
      },
    });
    // A one-time code is kept in clear only until it is sent; from then on only its hash is checked.
    if (p.event === 'code' && p.ref != null)
      await deps.db.smsCode.updateMany({ where: { id: p.ref }, data: { code: null } });
    deps.metrics?.sms.inc({ event: p.event, outcome: 'sent' });
    return 'sent';
  };
}
