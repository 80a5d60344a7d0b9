import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queue } from 'bullmq';
import type { Clock } from '../clock';
import type { Db } from '../db';

/** Where the scrape-time figures come from (the jobs runtime, once started, and the database). */
export interface MetricSources {
  db: Db;
  clock: Clock;
  /** The queues, once the jobs runtime has started (undefined before: no job gauges). */
  queues?: () => Record<string, Queue> | undefined;
  /** Messages per second the whole deployment sent over the last complete seconds (jobs/send-rate.ts). */
  sendRate?: () => Promise<number>;
}

/** Kinds of Telegram send errors that retrying will not cure (what each means: jobs/permanent.ts). */
export const SEND_PERMANENT_KINDS = ['document', 'attachment', 'bad_request', 'flood', 'gone'] as const;

const JOB_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The Prometheus metrics of one process (GET /metrics). Counters and histograms are this process's;
 * gauges computed at scrape time (jobs, outbox, sender rate) describe the whole deployment, since
 * they read the shared Redis and database — alert on them from one target, not summed.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly updates: Counter<'kind' | 'outcome'>;
  readonly updateSeconds: Histogram<'kind'>;
  readonly updateStatements: Histogram;
  readonly deliveries: Counter<'outcome'>;
  readonly telegram429: Counter;
  readonly sendPermanent: Counter<'kind'>;
  readonly deadlineLateness: Histogram<'step'>;
  readonly sms: Counter<'event' | 'outcome'>;
  private sources?: MetricSources;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'kanji_process_' });
    this.updates = new Counter({
      name: 'kanji_updates_total',
      help: 'Telegram updates handled, by kind (message, callback_query, ...) and outcome (ok, error)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.updateSeconds = new Histogram({
      name: 'kanji_update_duration_seconds',
      help: 'Time to handle one Telegram update (all middleware and the handler)',
      labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.updateStatements = new Histogram({
      name: 'kanji_update_db_statements',
      help: 'SQL statements issued while handling one update',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200],
      registers,
    });
    this.deliveries = new Counter({
      name: 'kanji_deliveries_total',
      help: 'Messages the sender finished, by outcome: sent, unreachable (blocked / never started), failed (out of attempts)',
      labelNames: ['outcome'],
      registers,
    });
    this.telegram429 = new Counter({
      name: 'kanji_telegram_429_total',
      help: 'Bot API answers 429 Too Many Requests (every sender paused for retry_after)',
      registers,
    });
    this.sendPermanent = new Counter({
      name: 'kanji_send_permanent_errors_total',
      help: 'Telegram sends that retrying would not cure, by kind (jobs/permanent.ts): document (the PDF could not be typeset) and attachment (Telegram refused the photo or PDF) — the words went without it; bad_request (Telegram refused the message), flood (a chat answered 429 again and again), gone (the message row no longer exists) — not sent',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of SEND_PERMANENT_KINDS) this.sendPermanent.inc({ kind }, 0);
    this.deadlineLateness = new Histogram({
      name: 'kanji_deadline_lateness_seconds',
      help: 'How late a statutory deadline step started against its due time (deps.clock)',
      labelNames: ['step'],
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers,
    });
    this.sms = new Counter({
      name: 'kanji_sms_total',
      help: 'SMS to owners, by event (registered, s14_reported, auction, released, released_order) and outcome: sent, retry (a transient provider error; the outbox tries again), failed (refused for good), skipped (the number was erased)',
      labelNames: ['event', 'outcome'],
      registers,
    });
    for (const o of ['sent', 'unreachable', 'failed']) this.deliveries.inc({ outcome: o }, 0);
    const self = this;
    new Gauge({
      name: 'kanji_jobs',
      help: 'Jobs in Redis by queue and state (whole deployment)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const queues = self.sources?.queues?.();
        if (!queues) return;
        this.reset();
        for (const [name, q] of Object.entries(queues)) {
          const c = await q.getJobCounts(...JOB_STATES);
          for (const s of JOB_STATES) this.set({ queue: name, state: s }, c[s] ?? 0);
        }
      },
    });
    new Gauge({
      name: 'kanji_sender_rate_per_second',
      help: 'Messages per second the whole deployment sent over the last 10 complete seconds (the shared Telegram budget in use)',
      registers,
      async collect() {
        if (self.sources?.sendRate) this.set(await self.sources.sendRate());
      },
    });
    new Gauge({
      name: 'kanji_sms_deliveries',
      help: 'SMS to owners by delivery status (whole deployment): PENDING = owed and not yet accepted by the provider',
      labelNames: ['status'],
      registers,
      async collect() {
        const s = self.sources;
        if (!s) return;
        this.reset();
        const rows = await s.db.smsDelivery.groupBy({ by: ['status'], _count: { _all: true } });
        for (const st of ['PENDING', 'SENT', 'UNREACHABLE', 'FAILED'])
          this.set({ status: st }, rows.find((r) => r.status === st)?._count._all ?? 0);
      },
    });
    new Gauge({
      name: 'kanji_outbox_backlog',
      help: 'Outbox rows due and not yet handed to a queue',
      registers,
      async collect() {
        const s = self.sources;
        if (s) this.set(await s.db.outboxEntry.count({ where: { dispatchedAt: null, runAt: { lte: s.clock.now() } } }));
      },
    });
    new Gauge({
      name: 'kanji_outbox_oldest_age_seconds',
      help: 'How long the oldest due, undispatched outbox row has waited (0 when none)',
      registers,
      async collect() {
        const s = self.sources;
        if (!s) return;
        const now = s.clock.now();
        const row = await s.db.outboxEntry.findFirst({
          where: { dispatchedAt: null, runAt: { lte: now } },
          orderBy: { runAt: 'asc' },
          select: { runAt: true },
        });
        this.set(row ? (now.getTime() - row.runAt.getTime()) / 1000 : 0);
      },
    });
  }

  /** Tells the scrape-time gauges where to read (called by the composition root). */
  bind(sources: MetricSources): void {
    this.sources = sources;
  }

  /** One update handled: its kind, outcome, duration and SQL statement count. */
  updateHandled(kind: string, outcome: 'ok' | 'error', seconds: number, statements: number): void {
    this.updates.inc({ kind, outcome });
    this.updateSeconds.observe({ kind }, seconds);
    this.updateStatements.observe(statements);
  }
}
