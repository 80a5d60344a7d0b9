import { caseUrl } from '../../../src/case-url';
import { describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import {
  maskMobile,
  MobileVault,
  parseIndianMobile,
  parseTemplateIds,
  templateKeys,
  smsDate,
  smsDateTime,
  SnsSmsProvider,
  isGsm7,
  matchesTemplate,
  registeredText,
  renderSms,
  SMS_EVENTS,
  smsParts,
  smsTemplates,
  stopLine,
  type SmsLanguage,
} from '../../../src/services/sms';
import { verificationLink } from '../../../src/services/receipts';

const KEY = Buffer.alloc(32, 7).toString('base64');
/** The longest PUBLIC_URL SMS allows (config: ≤ 40 characters). */
const LONG_URL = 'https://kanji-sahayak.jaipur.rajasthan.in';
const LANGS: SmsLanguage[] = ['hi', 'en'];

describe('Indian mobile numbers', () => {
  it('takes ten digits starting 6-9, with +91, 91 or 0 in front and spaces or dashes between', () => {
    for (const typed of [
      '9876543210',
      '+91 98765 43210',
      '+91-9876543210',
      '09876543210',
      '919876543210',
      '98765-43210',
      '९८७६५४३२१०',
    ])
      expect(parseIndianMobile(typed), typed).toBe('9876543210');
    expect(parseIndianMobile('6000000001')).toBe('6000000001');
  });
  it('refuses landlines, short or long numbers, other countries and words', () => {
    for (const typed of [
      '5876543210',
      '987654321',
      '98765432101',
      '+1 9876543210',
      '+9198765432',
      '0141 2345678',
      'nine eight',
      '98765abc10',
      '',
    ])
      expect(parseIndianMobile(typed), typed).toBeNull();
  });
  it('is shown to staff masked', () => {
    expect(maskMobile('3210')).toBe('******3210');
  });
});

describe('the number at rest (AES-256-GCM)', () => {
  const vault = new MobileVault(KEY);
  it('seals and opens, a fresh IV each time, with no digits of the number in the stored form', () => {
    const a = vault.seal('9876543210');
    const b = vault.seal('9876543210');
    expect(a.cipher).not.toBe(b.cipher);
    expect(a.numberTag).toBe(b.numberTag);
    expect(a.last4).toBe('3210');
    expect(vault.open(a.cipher)).toBe('9876543210');
    expect(a.cipher).not.toContain('9876543210');
    expect(Buffer.from(a.cipher, 'base64').toString('latin1')).not.toContain('98765');
  });
  it('refuses a cipher altered or sealed under another key', () => {
    const a = vault.seal('9876543210');
    const raw = Buffer.from(a.cipher, 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => vault.open(raw.toString('base64'))).toThrow();
    expect(() => new MobileVault(Buffer.alloc(32, 8).toString('base64')).open(a.cipher)).toThrow();
  });
});

describe('DLT templates', () => {
  const longValues = {
    pound: 'श्री गोपालपुरा कलां ग्राम पंचायत कांजी हाउस संख्या दो',
    number: 'GOPALPURAKLN-2026-1234567',
    lastDay: smsDate('2026-12-16'),
    at: smsDateTime(new Date('2026-12-20T05:30:00Z')),
    place: 'ग्राम पंचायत भवन के सामने वाला बड़ा मैदान, गोपालपुरा कलां',
    code: 'ABCDEFGH',
    otp: '123456',
  };

  it('has both languages of every event, each {#var#} named, and an id key for each', () => {
    for (const e of SMS_EVENTS)
      for (const l of LANGS) {
        const t = smsTemplates()[e];
        expect(t[l].split('{#var#}').length - 1, `${e}.${l}`).toBe(t.vars.length);
        for (const v of t.vars) expect(v.max).toBeLessThanOrEqual(30);
      }
    expect(templateKeys()).toHaveLength(SMS_EVENTS.length * 2);
  });

  it('renders every SMS so that it matches its registered template, and changes no fixed word', () => {
    for (const e of SMS_EVENTS)
      for (const l of LANGS) {
        const sms = renderSms(e, l, longValues, LONG_URL);
        const template = registeredText(e, l, LONG_URL);
        expect(matchesTemplate(sms.text, template), `${e}.${l}: ${sms.text}`).toBe(true);
        // A changed fixed word is not the registered template.
        expect(matchesTemplate(sms.text.replace(/(प्रकरण|Case|Your|आपका)/, 'X'), template), `${e}.${l}`).toBe(false);
      }
  });

  it('puts the case page and the receipt page links in full', () => {
    const reg = renderSms('registered', 'hi', { pound: 'आमेर कांजी हाउस', number: 'JAI1-2026-17' }, LONG_URL);
    expect(reg.text).toContain(caseUrl(LONG_URL, 'JAI1-2026-17'));
    const rel = renderSms('released', 'en', { number: 'JAI1-2026-17', code: 'K7PQ2MXA' }, LONG_URL);
    expect(rel.text).toContain(verificationLink(LONG_URL, 'K7PQ2MXA'));
    expect(rel.text).toContain('K7PQ2MXA');
  });

  it('ends every SMS with how to stop, in its own language', () => {
    expect(stopLine('en')).toContain('reply STOP');
    expect(stopLine('en')).toContain('/sms off');
    expect(stopLine('hi')).toContain('STOP');
    expect(stopLine('hi')).toContain('/sms off');
    expect(stopLine('hi')).toMatch(/बंद/);
    for (const e of SMS_EVENTS)
      for (const l of LANGS) {
        const sms = renderSms(e, l, longValues, LONG_URL);
        expect(sms.text.endsWith(stopLine(l)), `${e}.${l}: ${sms.text}`).toBe(true);
      }
  });

  it('sends Hindi as Unicode within 3 parts and English as GSM within 2 parts, with the longest values', () => {
    for (const e of SMS_EVENTS) {
      const hi = renderSms(e, 'hi', longValues, LONG_URL);
      expect(hi.encoding, e).toBe('ucs2');
      // The stop line takes Hindi into a third part (67 UTF-16 units each when concatenated).
      expect(hi.text.length, `${e}: ${hi.text}`).toBeLessThanOrEqual(201);
      expect(hi.parts, e).toBeLessThanOrEqual(3);
      const en = renderSms(
        e,
        'en',
        {
          ...longValues,
          pound: 'Shri Gopalpura Kalan Gram Panchayat Pound No 2',
          place: 'Panchayat Bhawan ground, Gopalpura Kalan village',
        },
        LONG_URL,
      );
      expect(en.encoding, `${e}: ${en.text}`).toBe('gsm7');
      expect(en.parts, e).toBeLessThanOrEqual(2);
    }
  });

  it('counts parts as the networks do', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('क'.repeat(70))).toBe(1);
    expect(smsParts('क'.repeat(71))).toBe(2);
    expect(smsParts('क'.repeat(134))).toBe(2);
    expect(smsParts('क'.repeat(135))).toBe(3);
    expect(isGsm7('Case JAI1-2026-17: s. 14')).toBe(true);
    expect(isGsm7('केस')).toBe(false);
  });

  it('reads template ids from the configuration and refuses an unknown key', () => {
    const ids = parseTemplateIds('registered.hi=1107160000000000001, registered.en=1107160000000000002');
    expect(ids.get('registered.en')).toBe('1107160000000000002');
    expect(() => parseTemplateIds('nothing.hi=1107160000000000001')).toThrow(/nothing\.hi/);
  });
});

describe('SMS configuration', () => {
  it('needs nothing when SMS is off, and the key, header, entity, ids and PUBLIC_URL for SNS', () => {
    expect(createConfig({}).SMS_PROVIDER).toBeUndefined();
    expect(() => createConfig({ SMS_PROVIDER: 'sns' })).toThrow(/SMS_DATA_KEY/);
    expect(() => createConfig({ SMS_PROVIDER: 'sns', SMS_DATA_KEY: 'short' })).toThrow(/SMS_DATA_KEY/);
    expect(() => createConfig({ SMS_PROVIDER: 'sns', SMS_DATA_KEY: KEY })).toThrow(/SMS_SENDER_ID/);
    const sns = {
      SMS_PROVIDER: 'sns',
      SMS_DATA_KEY: KEY,
      SMS_SENDER_ID: 'KANJIH',
      SMS_DLT_ENTITY_ID: '1101234567890123456',
      PUBLIC_URL: 'https://kanji.example.in',
    };
    // Every template needs its DLT id.
    expect(() => createConfig({ ...sns, SMS_DLT_TEMPLATE_IDS: 'registered.hi=1107160000000000001' })).toThrow(
      /SMS_DLT_TEMPLATE_IDS has no DLT template id for registered\.en/,
    );
    const all = templateKeys()
      .map((k, i) => `${k}=11071600000000000${String(i).padStart(2, '0')}`)
      .join(',');
    const c = createConfig({ ...sns, SMS_DLT_TEMPLATE_IDS: all });
    expect(() =>
      createConfig({ ...sns, SMS_DLT_TEMPLATE_IDS: all, PUBLIC_URL: `https://${'k'.repeat(40)}.in` }),
    ).toThrow(/PUBLIC_URL/);
    expect(c.SMS_RETENTION_DAYS).toBe(180);
  });
  it('takes replies only with SMS on, and a secret of at least 24 characters never echoed', () => {
    expect(() => createConfig({ SMS_INBOUND_SECRET: 'x'.repeat(30) })).toThrow(/SMS_INBOUND_SECRET/);
    const on = { SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY };
    expect(() => createConfig({ ...on, SMS_INBOUND_SECRET: 'short-secret' })).toThrow(/\*\*\*/);
    expect(createConfig({ ...on, SMS_INBOUND_SECRET: 'x'.repeat(30) }).SMS_INBOUND_SECRET).toHaveLength(30);
  });
  it('never echoes the key in an error', () => {
    expect(() => createConfig({ SMS_PROVIDER: 'sns', SMS_DATA_KEY: 'c2VjcmV0' })).toThrow(/\*\*\*/);
  });
});

describe('the SNS adapter', () => {
  it('publishes to the E.164 number with the India DLT attributes and Transactional type', async () => {
    const sent: unknown[] = [];
    const client = { send: async (cmd: { input: unknown }) => (sent.push(cmd.input), { MessageId: 'm-1' }) };
    const p = new SnsSmsProvider('ap-south-1', client as never);
    const out = await p.send({
      to: '+919876543210',
      text: 'Case JAI1-2026-17',
      encoding: 'gsm7',
      templateId: '1107160000000000001',
      templateKey: 'released_order.en',
      entityId: '1101234567890123456',
      senderId: 'KANJIH',
      idempotencyKey: 'sms:released_order:c1:m1',
    });
    expect(out.providerMessageId).toBe('m-1');
    expect(sent[0]).toEqual({
      PhoneNumber: '+919876543210',
      Message: 'Case JAI1-2026-17',
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'KANJIH' },
        'AWS.MM.SMS.EntityId': { DataType: 'String', StringValue: '1101234567890123456' },
        'AWS.MM.SMS.TemplateId': { DataType: 'String', StringValue: '1107160000000000001' },
      },
    });
  });
  it('tells a refused request (permanent) from throttling and server faults (transient)', async () => {
    const failing = (e: object) =>
      new SnsSmsProvider('ap-south-1', { send: async () => Promise.reject(e) } as never).send({} as never);
    await expect(failing({ name: 'InvalidParameterException', $fault: 'client' })).rejects.toMatchObject({
      permanent: true,
    });
    await expect(failing({ name: 'ThrottledException', $fault: 'client' })).rejects.toMatchObject({ permanent: false });
    await expect(failing({ name: 'InternalErrorException', $fault: 'server' })).rejects.toMatchObject({
      permanent: false,
    });
  });
});
