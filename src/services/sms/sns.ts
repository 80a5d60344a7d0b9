import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SmsSendError, type SmsAccepted, type SmsProvider, type SmsRequest } from './provider';

/** AWS SDK errors: `$fault` says whose fault it was; throttling is the client's but passes. */
interface AwsError {
  name?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

const TRANSIENT_CLIENT_ERRORS = new Set([
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'KMSThrottlingException',
]);

/**
 * Amazon SNS `Publish` to a phone number with India's DLT attributes (Amazon SNS developer guide, "Publishing
 * to a mobile phone"; India: AWS.MM.SMS.EntityId and AWS.MM.SMS.TemplateId are required): the sender header, the
 * principal entity id, the content template id, and SMSType Transactional (service messages reach numbers on
 * the do-not-disturb register). Credentials and retries of the HTTP call are the SDK's (its default chain:
 * environment, instance role); our outbox retries beyond that. SNS picks Unicode itself for a Hindi text.
 */
export class SnsSmsProvider implements SmsProvider {
  readonly name = 'sns';
  private readonly client: SNSClient;

  constructor(region: string, client?: SNSClient) {
    this.client = client ?? new SNSClient({ region });
  }

  async send(r: SmsRequest): Promise<SmsAccepted> {
    const attr = (StringValue: string) => ({ DataType: 'String', StringValue });
    try {
      const out = await this.client.send(
        new PublishCommand({
          PhoneNumber: r.to,
          Message: r.text,
          MessageAttributes: {
            'AWS.SNS.SMS.SMSType': attr('Transactional'),
            'AWS.SNS.SMS.SenderID': attr(r.senderId),
            'AWS.MM.SMS.EntityId': attr(r.entityId),
            'AWS.MM.SMS.TemplateId': attr(r.templateId),
          },
        }),
      );
      return { providerMessageId: out.MessageId ?? '' };
    } catch (err) {
      const e = err as AwsError;
      const permanent = e.$fault === 'client' && !TRANSIENT_CLIENT_ERRORS.has(e.name ?? '');
      // The SDK's message may quote the request: only the error's name and status are kept.
      throw new SmsSendError(`sns ${e.name ?? 'error'} ${e.$metadata?.httpStatusCode ?? ''}`.trim(), permanent);
    }
  }
}
