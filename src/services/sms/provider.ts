/** One SMS as a provider sends it: the number, the text and its DLT registration. */
export interface SmsRequest {
  /** E.164 (+91 and ten digits). Never logged. */
  to: string;
  text: string;
  /** 'ucs2' for Hindi (Unicode), 'gsm7' for plain English. */
  encoding: 'gsm7' | 'ucs2';
  /** The DLT content template this text was registered as, and the template's key (event.language). */
  templateId: string;
  templateKey: string;
  /** The DLT principal entity id and sender header. */
  entityId: string;
  senderId: string;
  /** Idempotency key of this SMS (the event and the owner): providers that accept one get it. */
  idempotencyKey: string;
}

/** What the provider said: accepted, with its message id. */
export interface SmsAccepted {
  providerMessageId: string;
}

/**
 * A provider's refusal. `permanent`: the request itself is wrong (an invalid number, a template the operator
 * rejects) and will fail the same way again — recorded FAILED, not retried. Anything else (timeouts, 5xx,
 * throttling, the provider down) is transient: the outbox retries it until it goes.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Sends one SMS. Implementations: SnsSmsProvider (AWS SNS, India DLT attributes), FakeSmsProvider. */
export interface SmsProvider {
  readonly name: string;
  send(request: SmsRequest): Promise<SmsAccepted>;
}
