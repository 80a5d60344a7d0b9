import { maskMobile } from './phone';
import { SmsSendError, type SmsAccepted, type SmsProvider, type SmsRequest } from './provider';

/** One SMS the fake provider accepted (tests read them; the local chat prints them with the number masked). */
export interface FakeSms extends SmsRequest {
  providerMessageId: string;
  /** When it was accepted (real time, ms): tests of the SMS rate limit read it. */
  acceptedAtMs: number;
}

/**
 * A provider that sends nothing: it keeps what it accepted (tests) and may print each SMS with the number masked
 * (the local chat shows it in the terminal). `failWhile` makes it answer a transient error (a provider outage);
 * `refuse` a permanent one.
 */
export class FakeSmsProvider implements SmsProvider {
  readonly name = 'fake';
  readonly sent: FakeSms[] = [];
  /** Every call, accepted or not. */
  calls = 0;
  failures = 0;
  failWhile?: () => boolean;
  refuse?: (r: SmsRequest) => boolean;

  constructor(private readonly print?: (line: string) => void) {}

  async send(r: SmsRequest): Promise<SmsAccepted> {
    this.calls++;
    if (this.failWhile?.()) {
      this.failures++;
      throw new SmsSendError('fake provider unavailable (503)', false);
    }
    if (this.refuse?.(r)) throw new SmsSendError('fake provider refused the request (400)', true);
    const providerMessageId = `fake-${this.sent.length + 1}`;
    this.sent.push({ ...r, providerMessageId, acceptedAtMs: Date.now() });
    this.print?.(`📱 SMS to ${maskMobile(r.to.slice(-4))} [${r.senderId} ${r.templateKey} ${r.templateId}]: ${r.text}`);
    return { providerMessageId };
  }
}
