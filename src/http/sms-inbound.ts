import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreDeps } from '../deps';
import { MobileVault, parseIndianMobile, replyFromNumber } from '../services/sms';

export const SMS_INBOUND_PATH = '/sms/inbound';

/** Replies that stop SMS, and those that start them again (the first word, any case; Hindi as the stop line says). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'बंद', 'रोकें']);
const START_WORDS = new Set(['START', 'UNSTOP', 'चालू']);

/** Where SNS asks an HTTPS subscriber to confirm: its own hosts only (never a URL a forger chose). */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** Compares two secrets in constant time, whatever their lengths (both hashed to 32 bytes first). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** The password of an HTTP Basic Authorization header (any user name), or null. */
function basicPassword(header: string | undefined): string | null {
  const m = /^Basic ([A-Za-z0-9+/=]{1,512})$/.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** The inbound SMS of an SNS notification (AWS End User Messaging two-way SMS), as far as the reply needs it. */
interface InboundSms {
  originationNumber?: unknown;
  messageBody?: unknown;
}

/**
 * POST /sms/inbound: the owners' replies to the SMS, as the provider delivers them — AWS End User Messaging two-way
 * SMS publishes each inbound SMS to an SNS topic, and an HTTPS subscription of that topic posts it here. The route
 * exists only with SMS_INBOUND_SECRET: SNS sends the subscription URL's user:password as HTTP Basic after a 401
 * challenge, and the password is compared in constant time; a request without it changes nothing. STOP stops every
 * SMS to the number at once (kept by the number's tag, audited); START undoes it. The number is never logged.
 */
export async function registerSmsInbound(app: FastifyInstance, deps: CoreDeps, secret: string): Promise<void> {
  const vault = new MobileVault(deps.config.SMS_DATA_KEY!);
  const topic = deps.config.SMS_INBOUND_TOPIC_ARN;
  const log = deps.logger.child({ part: 'http.sms-inbound' });
  app.post(
    SMS_INBOUND_PATH,
    { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const password = basicPassword(req.headers.authorization);
      if (password === null || !sameSecret(password, secret))
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="sms-inbound"')
          .type('text/plain; charset=utf-8')
          .send('Unauthorized');
      const body = parseBody(req.body);
      if (!body) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request');
      if (topic && body.TopicArn !== topic)
        return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden: another topic');
      if (body.Type === 'SubscriptionConfirmation') {
        await confirmSubscription(body.SubscribeURL, log);
        return reply.type('text/plain; charset=utf-8').send('ok');
      }
      if (body.Type !== 'Notification') return reply.type('text/plain; charset=utf-8').send('ok');
      let sms: InboundSms;
      try {
        sms = JSON.parse(String(body.Message ?? '')) as InboundSms;
      } catch {
        return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request: Message is not JSON');
      }
      const digits = typeof sms.originationNumber === 'string' ? parseIndianMobile(sms.originationNumber) : null;
      const word = typeof sms.messageBody === 'string' ? sms.messageBody.trim().split(/\s+/)[0]!.toUpperCase() : '';
      const kind = STOP_WORDS.has(word) ? 'stop' : START_WORDS.has(word) ? 'start' : null;
      if (!digits || !kind) {
        log.info({ kind: kind ?? 'other', indian: digits !== null }, 'sms reply ignored');
        return reply.type('text/plain; charset=utf-8').send('ok');
      }
      const rows = await replyFromNumber(deps.db, { numberTag: vault.tag(digits), word: kind, now: deps.clock.now() });
      log.info({ kind, rows }, 'sms reply recorded');
      return reply.type('text/plain; charset=utf-8').send('ok');
    },
  );
}

type SnsEnvelope = { Type?: unknown; Message?: unknown; SubscribeURL?: unknown; TopicArn?: unknown };

/** SNS posts JSON with Content-Type text/plain: fastify hands it over as a string. */
function parseBody(body: unknown): SnsEnvelope | null {
  if (body && typeof body === 'object') return body as SnsEnvelope;
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as SnsEnvelope) : null;
  } catch {
    return null;
  }
}

async function confirmSubscription(url: unknown, log: CoreDeps['logger']): Promise<void> {
  let target: URL;
  try {
    target = new URL(String(url));
  } catch {
    log.warn('sns subscription confirmation without a valid SubscribeURL');
    return;
  }
  if (target.protocol !== 'https:' || !SNS_HOST.test(target.hostname)) {
    log.warn({ host: target.hostname.slice(0, 100) }, 'sns subscription confirmation to a host that is not SNS');
    return;
  }
  const res = await fetch(target, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  log.info({ status: res?.status ?? 0 }, 'sns subscription confirmed');
}
