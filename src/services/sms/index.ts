import type { Config } from '../../config';
import { FakeSmsProvider } from './fake';
import type { SmsProvider } from './provider';
import { SnsSmsProvider } from './sns';
import { parseTemplateIds, templateKeys } from './templates';

export { MobileVault } from './vault';
export { FakeSmsProvider } from './fake';
export { SmsSendError, type SmsProvider, type SmsRequest } from './provider';
export { composeOwnerSms, smsDate, smsDateTime } from './compose';
export { confirmConsentCode, sendConsentCode } from './own-consent';
export {
  insertOwnerMobile,
  KEEPER_BASIS,
  ownerMobilesMasked,
  queueOwnerSms,
  recordOwnerMobile,
  type SealedMobile,
  smsJobKey,
  sweepOwnerMobiles,
} from './owner-mobile';
export { replyFromNumber, resumeSmsFromChat, stopSmsFromChat } from './owner-say';
export { e164, maskMobile, parseIndianMobile } from './phone';
export { SnsSmsProvider } from './sns';
export {
  isGsm7,
  matchesTemplate,
  parseTemplateIds,
  registeredText,
  renderSms,
  SMS_EVENTS,
  type SmsEvent,
  type SmsLanguage,
  smsParts,
  smsTemplates,
  stopLine,
  templateKeys,
} from './templates';

/** SMS is on when a provider is configured (and with it the key that guards the numbers). */
export function smsEnabled(config: Pick<Config, 'SMS_PROVIDER' | 'SMS_DATA_KEY'>): boolean {
  return Boolean(config.SMS_PROVIDER && config.SMS_DATA_KEY);
}

/** The provider's settings, checked at start: with a real provider every template must have its DLT id. */
export interface SmsSettings {
  provider: SmsProvider;
  templateIds: Map<string, string>;
  entityId: string;
  senderId: string;
  /** Base of the links in the texts (the case page, the receipt page). */
  publicUrl: string;
}

/**
 * The configured provider, or undefined when SMS is off. `print` shows a fake provider's SMS (the local chat's
 * terminal). Throws, naming the variable, when a real provider lacks a template id.
 */
export function createSmsSettings(config: Config, print?: (line: string) => void): SmsSettings | undefined {
  if (!smsEnabled(config)) return undefined;
  const templateIds = parseTemplateIds(config.SMS_DLT_TEMPLATE_IDS);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (config.SMS_PROVIDER === 'fake') {
    for (const k of templateKeys()) if (!templateIds.has(k)) templateIds.set(k, '0000000000000000000');
    return {
      provider: new FakeSmsProvider(print),
      templateIds,
      entityId: config.SMS_DLT_ENTITY_ID ?? '0000000000',
      senderId: config.SMS_SENDER_ID ?? 'KANJIH',
      publicUrl,
    };
  }
  const missing = templateKeys().filter((k) => !templateIds.has(k));
  if (missing.length) throw new Error(`SMS_DLT_TEMPLATE_IDS: no DLT template id for ${missing.join(', ')}`);
  return {
    provider: new SnsSmsProvider(config.SMS_AWS_REGION),
    templateIds,
    entityId: config.SMS_DLT_ENTITY_ID!,
    senderId: config.SMS_SENDER_ID!,
    publicUrl,
  };
}
