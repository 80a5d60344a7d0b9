import { pino, type DestinationStream, type Logger } from 'pino';

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

/** Builds the root logger; callers make children per update or job. `destination` defaults to stdout (the local chat logs to a file). */
export function createLogger(level: string = 'info', destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, base: { app: 'kanji-sahayak' } };
  return destination ? pino(options, destination) : pino(options);
}
