import { isIP } from 'node:net';
import { z } from 'zod';
import { qrHoldsCaseUrl } from './case-url';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

/**
 * Which proxies in front of the HTTP server are believed about the client's address (X-Forwarded-For), which every
 * per-client limit keys on: a list of the proxies' addresses (IP, CIDR, or `loopback` / `uniquelocal` for this
 * machine / the private ranges), or a number of hops. Believing every hop would let a client write any address into
 * the header and pass under every limit. A list also checks that the request came from one of the proxies; a hop
 * count believes whoever connects, so it is for a port only the proxy can reach. `true` (the old setting) is taken
 * as this machine or the private network (`fromTrue`: the server says so at start).
 */
export interface TrustProxy {
  trust: false | number | string[];
  fromTrue: boolean;
}
export const TRUST_PROXY_FOR_TRUE = ['loopback', 'uniquelocal'];
const MAX_PROXY_HOPS = 10;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  const kind = isIP(addr ?? '');
  if (!kind || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

function trustProxyOf(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return { trust: false, fromTrue: false };
  if (v === 'true') return { trust: TRUST_PROXY_FOR_TRUE, fromTrue: true };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= MAX_PROXY_HOPS) return { trust: hops, fromTrue: false };
  } else {
    const list = v.split(',').map((e) => e.trim());
    if (list.every(isProxyAddress)) return { trust: list, fromTrue: false };
  }
  ctx.addIssue({
    code: 'custom',
    message: `must be false, the number of proxies in front (1-${MAX_PROXY_HOPS}) or their addresses (10.0.0.5,10.1.0.0/16,loopback)`,
  });
  return z.NEVER;
}

/**
 * The events an owner is told of by SMS, and the one-time code he asks for in his chat (`code`): each has a Hindi
 * and an English DLT template (locales/sms/templates.json, src/services/sms/templates.ts), and a deployment that
 * sends SMS names each template's id in SMS_DLT_TEMPLATE_IDS. Defined here because the configuration checks those
 * ids at start, and it imports nothing of the services.
 */
export const SMS_EVENTS = ['registered', 's14_reported', 'auction', 'released', 'released_order', 'code'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];
export type SmsLanguage = 'hi' | 'en';

/** Every template key an SMS may use: "<event>.<language>". */
export function templateKeys(): string[] {
  return SMS_EVENTS.flatMap((e) => (['hi', 'en'] as SmsLanguage[]).map((l) => `${e}.${l}`));
}

/** SMS_DLT_TEMPLATE_IDS ("registered.hi=1107…, registered.en=1107…") as a map; a key of no template is an error. */
export function parseTemplateIds(value: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const known = new Set(templateKeys());
  for (const pair of (value ?? '').split(',')) {
    if (!pair.trim()) continue;
    const [k, id] = pair.split('=').map((s) => s.trim());
    if (!k || !id || !known.has(k))
      throw new Error(`SMS_DLT_TEMPLATE_IDS: "${k}" is not a template (${[...known].join(', ')})`);
    out.set(k, id);
  }
  return out;
}

/** Every setting the service reads, with its default. Documented in README.md and .env.example. */
const schema = z
  .object({
    BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]{30,}$/, 'must look like 123456:ABC... (from @BotFather)')
      .optional(),
    BOT_USERNAME: z
      .string()
      .regex(/^\w{3,}$/, 'letters, digits and _ only, without @')
      .optional(),
    TELEGRAM_API_ROOT: z.url('must be a URL').default('https://api.telegram.org'),
    WEBHOOK_URL: z.url('must be an https URL').optional(),
    WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, '16-256 characters of A-Z, a-z, 0-9, _ or -')
      .optional(),
    PORT: positiveInt.max(65535).default(8080),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgresql:// (leave unset for the embedded database)')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[\w-]+$/, 'letters, digits, _ and - only')
      .default('kanji'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEFAULT_LANGUAGE: z.enum(['en', 'hi']).default('hi'),
    TELEGRAM_GLOBAL_PER_SECOND: positiveInt.max(1000).default(30),
    TELEGRAM_PER_CHAT_INTERVAL_MS: positiveInt.default(1000),
    ENROLMENT_CODE_TTL_HOURS: positiveInt.default(72),
    S20_COMPLAINT_WINDOW_DAYS: positiveInt.default(10),
    NOTICE_GRACE_HOURS: positiveInt.default(24),
    PAYMENT_NUDGE_HOURS: positiveInt.default(3),
    RECONCILE_INTERVAL_MINUTES: positiveInt.default(10),
    SEED_DEMO: bool.default(false),
    // The HTTP server (webhook, health, metrics, queue dashboard, public receipt page): see docs/OPERATIONS.md "Deployment".
    PUBLIC_URL: z
      .url('must be a URL like https://kanji.example.gov.in')
      .regex(/^https?:\/\//, 'must start with https:// (or http://)')
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    HTTP_HOST: z.string().min(1).default('0.0.0.0'),
    HTTP_BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
    HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(15_000),
    HTTP_TRUST_PROXY: z
      .string()
      .transform(trustProxyOf)
      .default(() => ({ trust: false as const, fromTrue: false })),
    /** Whether the queue dashboard may act on jobs (retry, clean, pause…); unset: it only shows them. */
    DASHBOARD_WRITE: bool.default(false),
    METRICS_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, '16-256 characters of A-Z, a-z, 0-9, _ or -')
      .optional(),
    DASHBOARD_USER: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
      .optional(),
    DASHBOARD_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    RECEIPT_PAGE_PER_MINUTE: positiveInt.default(20),
    /** Public case page requests per client address per minute (its photos: six times as many). */
    CASE_PAGE_PER_MINUTE: positiveInt.default(30),
    /** Open pound data (/stats pages and /stats/v1 API) requests per client address per minute (its scripts: three times as many). */
    STATS_PAGE_PER_MINUTE: positiveInt.default(60),
    READYZ_BOT_API_CACHE_SECONDS: positiveInt.default(30),
    // SMS to owners' mobiles (docs/SMS.md). Unset SMS_PROVIDER: no SMS, and no keeper is asked for a number.
    SMS_PROVIDER: z.enum(['sns', 'fake']).optional(),
    SMS_DATA_KEY: z
      .string()
      .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, {
        message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
    SMS_SENDER_ID: z
      .string()
      .regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT header, e.g. KANJIH')
      .optional(),
    SMS_DLT_ENTITY_ID: z
      .string()
      .regex(/^\d{10,30}$/, 'must be the DLT principal entity id (digits)')
      .optional(),
    SMS_DLT_TEMPLATE_IDS: z
      .string()
      .regex(
        /^\s*[a-z0-9_]+\.(hi|en)\s*=\s*\d{10,30}\s*(,\s*[a-z0-9_]+\.(hi|en)\s*=\s*\d{10,30}\s*)*$/,
        'must be template=id pairs: registered.hi=1107...,registered.en=1107...',
      )
      .optional(),
    SMS_AWS_REGION: z
      .string()
      .regex(/^[a-z]{2}-[a-z]+-\d$/, 'must be an AWS region such as ap-south-1')
      .default('ap-south-1'),
    SMS_PER_SECOND: positiveInt.max(1000).default(10),
    SMS_RETENTION_DAYS: positiveInt.default(180),
    /** The shared secret of POST /sms/inbound (replies to the SMS: STOP, START), as HTTP Basic password. Unset: no route. */
    SMS_INBOUND_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
    /** When set, an inbound reply must come from this SNS topic (its TopicArn). */
    SMS_INBOUND_TOPIC_ARN: z
      .string()
      .regex(/^arn:aws[\w-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/, 'must be an SNS topic ARN')
      .optional(),
    // Owners' voice notes (docs/OWNER-WORDS.md): off, Bhashini's ULCA pipeline, or a recogniser run here on a model.
    SPEECH_TO_TEXT: z.enum(['off', 'bhashini', 'offline']).default('off'),
    BHASHINI_USER_ID: z.string().min(1).optional(),
    BHASHINI_API_KEY: z.string().min(1).optional(),
    BHASHINI_PIPELINE_ID: z.string().min(1).default('64392f96daac500b55c543cd'),
    BHASHINI_CONFIG_URL: z
      .url('must be a URL')
      .default('https://meity-auth.ulcacontrib.org/ulca/apis/v0/model/getModelsPipeline'),
    /** A directory with a sherpa-onnx model and its recognizer.json (SPEECH_TO_TEXT=offline). */
    OFFLINE_ASR_MODEL_DIR: z.string().min(1).optional(),
    // The staff desk (Telegram Mini App under /desk): how old Telegram's signed initData may be, and requests per minute.
    DESK_AUTH_MAX_AGE_SECONDS: positiveInt.max(7 * 86_400).default(3600),
    DESK_PER_MINUTE: positiveInt.default(240),
  })
  .superRefine((c, ctx) => {
    if (c.WEBHOOK_URL && !c.WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET'], message: 'is required when WEBHOOK_URL is set' });
    }
    if (Boolean(c.DASHBOARD_USER) !== Boolean(c.DASHBOARD_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.DASHBOARD_USER ? 'DASHBOARD_PASSWORD' : 'DASHBOARD_USER'],
        message: 'must be set together with the other (basic auth for the queue dashboard)',
      });
    }
    if (c.SMS_PROVIDER) {
      // The local chat makes a key of its own for the fake provider (src/local.ts); a deployment must give one.
      if (!c.SMS_DATA_KEY && c.SMS_PROVIDER !== 'fake')
        ctx.addIssue({ code: 'custom', path: ['SMS_DATA_KEY'], message: 'is required when SMS_PROVIDER is set' });
      // The links in an SMS (the case page, the receipt page) are on PUBLIC_URL, written out in the DLT templates;
      // a long one would not fit a Hindi SMS in three parts.
      if (c.PUBLIC_URL && c.PUBLIC_URL.length > 40)
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be at most 40 characters for SMS links' });
    } else if (c.SMS_INBOUND_SECRET) {
      // Replies to SMS that are never sent: a forgotten setting, said at start rather than silently ignored.
      ctx.addIssue({ code: 'custom', path: ['SMS_INBOUND_SECRET'], message: 'needs SMS_PROVIDER' });
    }
    if (c.SMS_PROVIDER === 'sns') {
      for (const v of ['SMS_SENDER_ID', 'SMS_DLT_ENTITY_ID', 'SMS_DLT_TEMPLATE_IDS', 'PUBLIC_URL'] as const)
        if (!c[v]) ctx.addIssue({ code: 'custom', path: [v], message: 'is required when SMS_PROVIDER=sns' });
      // Every SMS text is a DLT template: each needs its id (npm run sms:templates prints the line to fill in).
      if (c.SMS_DLT_TEMPLATE_IDS) {
        try {
          const ids = parseTemplateIds(c.SMS_DLT_TEMPLATE_IDS);
          const missing = templateKeys().filter((k) => !ids.has(k));
          if (missing.length)
            ctx.addIssue({
              code: 'custom',
              path: ['SMS_DLT_TEMPLATE_IDS'],
              message: `has no DLT template id for ${missing.join(', ')}`,
            });
        } catch (e) {
          ctx.addIssue({ code: 'custom', path: ['SMS_DLT_TEMPLATE_IDS'], message: (e as Error).message });
        }
      }
    }
    // Every notice prints a QR code of <PUBLIC_URL>/c/<number>: an address it cannot hold would fail every notice PDF.
    if (c.PUBLIC_URL && !qrHoldsCaseUrl(c.PUBLIC_URL))
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "is too long for the notice's QR code to hold the case page's address",
      });
    if (c.SPEECH_TO_TEXT === 'bhashini')
      for (const v of ['BHASHINI_USER_ID', 'BHASHINI_API_KEY'] as const)
        if (!c[v]) ctx.addIssue({ code: 'custom', path: [v], message: 'is required when SPEECH_TO_TEXT=bhashini' });
    if (c.SPEECH_TO_TEXT === 'offline' && !c.OFFLINE_ASR_MODEL_DIR)
      ctx.addIssue({
        code: 'custom',
        path: ['OFFLINE_ASR_MODEL_DIR'],
        message: 'is required when SPEECH_TO_TEXT=offline',
      });
    if (c.WEBHOOK_URL && !c.WEBHOOK_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_URL'],
        message: 'must be an https URL (Telegram only calls https)',
      });
    }
  });

export type Config = z.infer<typeof schema>;

/** A bad setting: `variable` names it, the message says what is wrong in one line. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; empty strings count as unset. Throws ConfigError naming the first bad variable. */
export function createConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const value = cleaned[variable];
    const shown =
      value === undefined
        ? ''
        : ` (got "${variable.includes('TOKEN') || variable.includes('SECRET') || variable.includes('PASSWORD') || variable.includes('KEY') ? '***' : value}")`;
    throw new ConfigError(variable, `${issue.message}${shown}`);
  }
  return parsed.data;
}

/**
 * For the long-running entry points (`npm start`, `npm run worker`): the config, or one line naming the bad
 * variable and exit code 2 — an operator fixes the environment, a stack trace would only hide the line.
 */
export function createConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return createConfig(env);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(2);
  }
}
