import { pino, stdSerializers, symbols, type DestinationStream, type Logger } from 'pino';
import { scopeFields } from './observability/scope';

export type { Logger };

// Phone numbers never reach the logs: Telegram contact payloads and any field named like one are redacted.
// A failed Bot API call (GrammyError) carries the request `payload`; its text and caption are what the bot
// was saying to someone, which can echo what they typed (a phone number given as a case number, a name):
// they are redacted too — method, chat id and Telegram's description are kept for debugging.
const REDACT = [
  'phone_number',
  '*.phone_number',
  '*.*.phone_number',
  '*.*.*.phone_number',
  '*.*.*.*.phone_number',
  'phone',
  '*.phone',
  '*.payload.text',
  '*.payload.caption',
  '*.payload.contact',
  '*.token',
  '*.BOT_TOKEN',
  '*.WEBHOOK_SECRET',
];

const CENSOR = '[redacted]';

/**
 * Indian phone numbers as people type them — a mobile number with or without +91 / 91 / 0, with spaces or
 * dashes between the groups — and any other number written with a leading +. Digits run on either side
 * (a longer id) do not match.
 */
const PHONE = /(?<![\d+])(?:(?:\+|00)?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}(?!\d)|\+\d[\d\s-]{7,16}\d(?!\d)/g;

/**
 * A Telegram bot token (`<bot id>:<35 characters>`), bare or inside a Bot API URL (`…/bot<token>/sendMessage`):
 * a failed call's error message, stack, nested `error`/`cause` or request URL can carry it, and whoever holds
 * it can act as the bot. The URL form is caught whatever the token looks like.
 */
const TOKEN = /\/bot\d+:[^/\s"'\\]+|\b\d{5,}:[A-Za-z0-9_-]{30,}/g;

/** Replaces bot tokens (bare or in a Bot API URL) in free text by a placeholder. */
export function scrubSecrets(text: string): string {
  return text.replace(TOKEN, (m) => (m.startsWith('/bot') ? '/bot[token]' : '[token]'));
}

/** Replaces phone numbers in free text (log messages, error messages and stacks) by a placeholder. */
export function scrubPhoneNumbers(text: string): string {
  return text.replace(PHONE, '[phone]');
}

/**
 * Free text is scrubbed rather than dropped: an error thrown with the user's input in its message
 * (or a message that quotes it) keeps its meaning without the number. Ids are numbers in the log
 * record, not text, and are not touched.
 */
function scrubErr(err: unknown): unknown {
  // Some call sites log `{ err: err.message }`: a string is free text too.
  if (typeof err === 'string') return scrubPhoneNumbers(err);
  if (!(err instanceof Error)) return err;
  const out = stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack', 'description'] as const) {
    if (typeof out[key] === 'string') out[key] = scrubPhoneNumbers(out[key]);
  }
  return out;
}

/**
 * The current unit of work's ids for one line, without those the logger already binds: an HTTP request's logger
 * (fastify's `req.log`) carries `req_id` itself, and a line must carry each field once.
 */
function scopeMixin(_merge: object, _level: number, logger: Logger): Record<string, string | number> {
  const fields = scopeFields();
  if (fields.req_id === undefined) return fields;
  const bound = (logger as unknown as Record<symbol, string | undefined>)[symbols.chindingsSym];
  if (!bound?.includes('"req_id":')) return fields;
  const { req_id: _bound, ...rest } = fields;
  return rest;
}

/** Builds the root logger; callers make children per update or job. `destination` defaults to stdout (the local chat logs to a file). */
export function createLogger(level: string = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT, censor: CENSOR },
    base: { app: 'kanji-sahayak' },
    // The ids of the update, job or HTTP request being handled (update_id, chat_id, user_id, job_id, req_id):
    // every line logged while handling one carries them (see src/observability/scope.ts).
    mixin: scopeMixin,
    // A line's own fields go on that line only: never into the scope's fields, which every later line reads.
    mixinMergeStrategy: (merge: object, mixin: object) => ({ ...mixin, ...merge }),
    serializers: { err: scrubErr },
    hooks: {
      // The last word on every line written, whatever field (an error's nested `error`, `cause`, stack,
      // a URL) or serializer put the token there.
      streamWrite: scrubSecrets,
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrubPhoneNumbers(a) : a)),
        );
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
