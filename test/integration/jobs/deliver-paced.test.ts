import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMessage } from '../../../jobs/deliver';
import { isMessageMethod } from '../../../jobs/reply-limiter';
import { seedDemo } from '../../../src/db/seed';
import type { OutgoingMessage } from '../../../src/services/outbox';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';

// The outbox sender asks the shared budget before every Bot API call it makes, whatever the message carries: a text in
// parts, a PDF, a photo (with its text as caption, or a long text after it), a QR code, and the words sent alone when
// Telegram refuses the file. Each call that puts a message in a chat is one the reply pacing would pace too.
describe('the outbox sender paces every method it uses', () => {
  let h: BotHarness;
  let caseId = 0;
  let photoId = 0;
  const CHAT = '9601';
  /** What the current case records and whether Telegram refuses its file. */
  let now = { log: [] as string[], refuse: false };
  beforeAll(async () => {
    h = await createBotHarness({ start: '2026-11-29T10:00:00+05:30' });
    await seedDemo(h.deps.db, h.clock.now(), { photos: true });
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' }, include: { heads: true } });
    caseId = c.id;
    photoId = c.heads.find((x) => x.photoId !== null)!.photoId!;
    h.api.respond((method, p) => {
      if (String(p.chat_id) !== CHAT) return undefined;
      now.log.push(method);
      return now.refuse && (method === 'sendDocument' || method === 'sendPhoto')
        ? { ok: false, error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' }
        : undefined;
    });
  }, 120_000);
  afterAll(() => h?.close());

  const long = 'x'.repeat(5000);
  const base: OutgoingMessage = { chatId: CHAT, key: 'jobs:left_out.photo' };
  const shapes: Array<[string, Partial<OutgoingMessage>, string[], boolean?]> = [
    ['a text', {}, ['sendMessage']],
    ['a text over 4096 characters', { params: {} }, ['sendMessage', 'sendMessage']],
    [
      'a PDF and a long text (over 4096 characters)',
      { document: { kind: 'notice', caseId: 0 } },
      ['sendDocument', 'sendMessage', 'sendMessage'],
    ],
    ['a photo and a long text (over 4096 characters)', { photoId: 0 }, ['sendPhoto', 'sendMessage', 'sendMessage']],
    [
      'a QR code and a long text (over 4096 characters)',
      { qr: 'https://example.org/r/1' },
      ['sendPhoto', 'sendMessage', 'sendMessage'],
    ],
    ['a PDF with its caption', { document: { kind: 'notice', caseId: 0 } }, ['sendDocument']],
    ['a photo with its caption', { photoId: 0 }, ['sendPhoto']],
    ['a QR code with its caption', { qr: 'https://example.org/r/1' }, ['sendPhoto']],
    [
      'a PDF Telegram refuses: the words alone',
      { document: { kind: 'notice', caseId: 0 } },
      ['sendDocument', 'sendMessage'],
      true,
    ],
    ['a photo Telegram refuses: the words alone', { photoId: 0 }, ['sendPhoto', 'sendMessage'], true],
  ];

  it.each(shapes)('%s', async (name, extra, methods, refuse) => {
    const message: OutgoingMessage = {
      ...base,
      ...extra,
      ...(extra.document ? { document: { kind: 'notice', caseId } } : {}),
      ...(extra.photoId !== undefined ? { photoId } : {}),
      // A text of 5000 characters (a key that is only its parameter).
      ...(name.includes('4096') ? { key: 'owner:complaint.case_button', params: { number: long } } : {}),
    };
    const log: string[] = [];
    now = { log, refuse: refuse === true };
    const result = await deliverMessage(h.deps, h.bot.api, message, {
      beforeCall: async () => void log.push('gate'),
    });
    expect(result.status).toBe('sent');
    expect(log.filter((m) => m !== 'gate')).toEqual(methods);
    // Every call is a message method, and each is preceded by its own turn of the budget.
    for (const m of methods) expect(isMessageMethod(m), m).toBe(true);
    expect(log).toEqual(methods.flatMap((m) => ['gate', m]));
    if (refuse) expect(result).toMatchObject({ leftOut: { kind: 'attachment' } });
  });
});
