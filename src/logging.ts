import { pino, type Logger } from 'pino';

export type { Logger };

// Phone numbers never reach the logs: Telegram contact payloads and any field named like one are redacted.
const REDACT = [
  '*.phone_number',
  '*.*.phone_number',
  '*.*.*.phone_number',
  '*.phone',
  '*.token',
  '*.BOT_TOKEN',
  '*.WEBHOOK_SECRET',
];

/** Builds the root logger; callers make children per update or job. */
export function createLogger(level: string = 'info'): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: { app: 'kanji-sahayak' } });
}
