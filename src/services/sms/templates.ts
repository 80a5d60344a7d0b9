import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SmsEvent, SmsLanguage } from '../../config';

/**
 * The SMS texts: TRAI's DLT rules allow only registered content templates, so every SMS is one of the texts in
 * locales/sms/templates.json with its {#var#} slots filled, and nothing else. Each event has a Hindi and an
 * English text; the owner's language is the one the keeper recorded. `{{PUBLIC_URL}}` is the deployment's
 * PUBLIC_URL, written out in the text the operator registers (a link may not sit in a variable).
 */

// The events and the template keys are the configuration's (it checks SMS_DLT_TEMPLATE_IDS at start).
export { parseTemplateIds, SMS_EVENTS, type SmsEvent, type SmsLanguage, templateKeys } from '../../config';

/** One {#var#} slot: what fills it and the most characters it may take (DLT allows up to 30 per variable). */
export interface TemplateVar {
  name: string;
  max: number;
}

export interface SmsTemplate {
  vars: TemplateVar[];
  hi: string;
  en: string;
}

const FILE = path.resolve(import.meta.dirname, '../../../locales/sms/templates.json');
/** The DLT variable marker. */
export const DLT_VAR = '{#var#}';
/** DLT's limit on one variable's length. */
export const DLT_VAR_MAX = 30;

interface TemplateFile {
  stop: Record<SmsLanguage, string>;
  events: Record<SmsEvent, SmsTemplate>;
}

let loaded: TemplateFile | undefined;

function templateFile(): TemplateFile {
  loaded ??= JSON.parse(readFileSync(FILE, 'utf8')) as TemplateFile;
  return loaded;
}

/** The templates, read once. */
export function smsTemplates(): Record<SmsEvent, SmsTemplate> {
  return templateFile().events;
}

/**
 * How to stop, in the SMS's language: every SMS ends with it. What rests on consent may be withdrawn at any time
 * (DPDP Act 2023), and the owner may stop even the messages that rest on a function under law: a stop is kept.
 */
export function stopLine(lang: SmsLanguage): string {
  return templateFile().stop[lang];
}

/** The text to register on the DLT portal for an event and language (PUBLIC_URL written out, the stop line last). */
export function registeredText(event: SmsEvent, lang: SmsLanguage, publicUrl: string): string {
  return smsTemplates()[event][lang].split('{{PUBLIC_URL}}').join(publicUrl.replace(/\/+$/, '')) + stopLine(lang);
}

/** Cuts a value to `max` characters (whole code points) and to one line. */
export function fitVar(value: string, max: number): string {
  const one = value.replace(/\s+/g, ' ').trim();
  const cps = [...one];
  return cps.length <= max ? one : cps.slice(0, max).join('').trimEnd();
}

/** An SMS ready to go: the text, the template it was built from, and how it is encoded. */
export interface RenderedSms {
  event: SmsEvent;
  lang: SmsLanguage;
  /** "<event>.<lang>": the key of its DLT template id in SMS_DLT_TEMPLATE_IDS. */
  templateKey: string;
  text: string;
  encoding: 'gsm7' | 'ucs2';
  parts: number;
}

/**
 * Fills the event's template in the owner's language. `values` are by variable name; each is cut to its
 * slot's length, so the text always fits its registered template.
 */
export function renderSms(
  event: SmsEvent,
  lang: SmsLanguage,
  values: Record<string, string>,
  publicUrl: string,
): RenderedSms {
  const t = smsTemplates()[event];
  let i = 0;
  const text = registeredText(event, lang, publicUrl).replace(/\{#var#\}/g, () => {
    const v = t.vars[i++]!;
    const value = values[v.name];
    if (value === undefined) throw new Error(`SMS ${event}: no value for ${v.name}`);
    return fitVar(value, Math.min(v.max, DLT_VAR_MAX));
  });
  const encoding = isGsm7(text) ? 'gsm7' : 'ucs2';
  return { event, lang, templateKey: `${event}.${lang}`, text, encoding, parts: smsParts(text) };
}

/**
 * Does `text` fit its registered template? The fixed parts must be there word for word, each {#var#} at most
 * DLT_VAR_MAX characters — the check an operator's DLT scrubbing makes before an SMS is delivered.
 */
export function matchesTemplate(text: string, template: string): boolean {
  const fixed = template.split(DLT_VAR).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${fixed.join(`[^]{0,${DLT_VAR_MAX}}`)}$`, 'u').test(text);
}

// GSM 03.38: the basic set (one septet) and the extension table (two septets, escape + char).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXT = '^{}\\[~]|€\f';

/** True when every character is in the GSM 7-bit alphabet (else the SMS goes as UCS-2 Unicode). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.includes(ch) && !GSM_EXT.includes(ch)) return false;
  return true;
}

/**
 * How many SMS parts a text takes: GSM-7 160 septets in one part, 153 per part when concatenated; UCS-2
 * (Hindi) 70 UTF-16 units in one, 67 per part concatenated.
 */
export function smsParts(text: string): number {
  if (isGsm7(text)) {
    let septets = 0;
    for (const ch of text) septets += GSM_EXT.includes(ch) ? 2 : 1;
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}
