import type { Config } from './config';
import type { Clock } from './clock';
import type { Db } from './db';
import type { Translator } from './i18n';
import type { Logger } from './logging';
import type { Metrics } from './observability/metrics';
import type { SmsSettings } from './services/sms';

/** What every part of the core needs; built once in the composition root (src/app.ts) or by a test. */
export interface CoreDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  translator: Translator;
  /** Prometheus metrics of this process (GET /metrics); absent in most tests. */
  metrics?: Metrics;
  /** SMS to owners (src/services/sms): the provider and its DLT settings; absent when SMS is not configured. */
  sms?: SmsSettings;
}
