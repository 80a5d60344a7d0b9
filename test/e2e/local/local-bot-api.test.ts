import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api, GrammyError, InputFile } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { LocalBotApi, type LocalEvent } from '../../../bot/local/local-bot-api';

const botInfo = { id: 42, is_bot: true, first_name: 'Kanji Sahayak', username: 'kanji_local_bot' } as never;

describe('LocalBotApi (the Telegram stand-in of the local chat)', () => {
  let dir: string;
  let local: LocalBotApi;
  let api: Api;
  let events: LocalEvent[];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-api-'));
    local = new LocalBotApi({
      botInfo,
      isKnownChat: (id) => id === 101 || id === 102,
      filesDir: path.join(dir, 'files'),
      now: () => new Date('2026-11-29T10:00:00+05:30'),
    });
    events = [];
    local.onEvent((e) => events.push(e));
    api = new Api('0:local', local.client);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('numbers messages per chat, user messages sharing the sequence, and keeps buttons in order', async () => {
    const a1 = await api.sendMessage(101, 'first', {
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Pay', callback_data: 'p|1' },
            { text: 'Map', url: 'https://example.org/m' },
          ],
          [{ text: 'Cancel', callback_data: 'c|1' }],
        ],
      },
    });
    const userId = local.allocateMessageId(101);
    const a2 = await api.sendMessage(101, 'second');
    const b1 = await api.sendMessage(102, 'other chat');
    expect([a1.message_id, userId, a2.message_id]).toEqual([1, 2, 3]);
    expect(b1.message_id).toBe(1);
    expect(
      local
        .message(101, 1)
        ?.buttons.flat()
        .map((b) => b.text),
    ).toEqual(['Pay', 'Map', 'Cancel']);
    expect(events.map((e) => e.kind)).toEqual(['message', 'message', 'message']);
  });

  it('answers like Telegram for an unknown chat, an empty or too long text and a too long caption', async () => {
    await expect(api.sendMessage(999, 'hello')).rejects.toMatchObject({
      error_code: 400,
      description: 'Bad Request: chat not found',
    });
    await expect(api.sendMessage(101, '  ')).rejects.toBeInstanceOf(GrammyError);
    await expect(api.sendMessage(101, 'x'.repeat(4097))).rejects.toMatchObject({
      description: 'Bad Request: message is too long',
    });
    await expect(api.sendMessage(101, 'x'.repeat(4096))).resolves.toMatchObject({ message_id: 1 });
    const png = await QRCode.toBuffer('upi://pay?pa=x@y', { width: 64 });
    await expect(api.sendPhoto(101, new InputFile(png, 'qr.png'), { caption: 'c'.repeat(1025) })).rejects.toMatchObject(
      { description: 'Bad Request: message caption is too long' },
    );
    expect(events).toHaveLength(1);
  });

  it('saves an uploaded photo byte for byte and shows its caption and path', async () => {
    const png = await QRCode.toBuffer('upi://pay?pa=amerpound.jaipur@sbi&am=100.00', { width: 128 });
    const sent = await api.sendPhoto(102, new InputFile(png, 'qr.png'), { caption: 'Pay ₹100.00 — धारा 13' });
    const m = local.message(102, sent.message_id)!;
    expect(m.text).toBe('Pay ₹100.00 — धारा 13');
    expect(m.file?.kind).toBe('photo');
    expect(m.file!.path.startsWith(path.join(dir, 'files'))).toBe(true);
    expect(readFileSync(m.file!.path).equals(png)).toBe(true);
    expect(sent.photo?.length).toBeGreaterThan(0);
  });

  it('edits a message, refuses an unchanged edit, and reports a missing one', async () => {
    const sent = await api.sendMessage(101, 'Pending', {
      reply_markup: { inline_keyboard: [[{ text: 'Confirm', callback_data: 'ok|1' }]] },
    });
    await api.editMessageText(101, sent.message_id, 'Confirmed');
    expect(local.message(101, sent.message_id)).toMatchObject({ text: 'Confirmed', buttons: [] });
    await expect(api.editMessageText(101, sent.message_id, 'Confirmed')).rejects.toMatchObject({ error_code: 400 });
    await expect(api.editMessageText(101, 77, 'x')).rejects.toMatchObject({
      description: 'Bad Request: message to edit not found',
    });
    expect(events.map((e) => e.kind)).toEqual(['message', 'edited']);
  });

  it('shows a callback answer to the persona who tapped, once', async () => {
    local.registerCallback('cb1', 102);
    await api.answerCallbackQuery('cb1', { text: 'Already confirmed', show_alert: true });
    expect(events).toEqual([{ kind: 'callback_answer', userId: 102, text: 'Already confirmed', alert: true }]);
    await expect(api.answerCallbackQuery('cb1', { text: 'again' })).rejects.toMatchObject({ error_code: 400 });
    await expect(api.answerCallbackQuery('forged')).rejects.toMatchObject({ error_code: 400 });
  });

  it('sends a persona’s uploaded photo on by its file id, showing the original file', async () => {
    const { fileId } = local.registerUpload('/data/cow.jpg');
    const sent = await api.sendPhoto(101, fileId, { caption: 'cow' });
    expect(local.message(101, sent.message_id)?.file).toEqual({ kind: 'photo', path: '/data/cow.jpg' });
    await expect(api.getFile(fileId)).resolves.toMatchObject({ file_path: '/data/cow.jpg' });
    await expect(api.getFile('unknown')).rejects.toMatchObject({ error_code: 400 });
  });

  it('refuses callback data over Telegram’s 64 bytes', async () => {
    await expect(
      api.sendMessage(101, 'x', {
        reply_markup: { inline_keyboard: [[{ text: 'b', callback_data: 'd'.repeat(65) }]] },
      }),
    ).rejects.toMatchObject({ description: 'Bad Request: BUTTON_DATA_INVALID' });
  });

  it('removes HTML markup for display', async () => {
    const sent = await api.sendMessage(101, '<b>Case</b> JAI1-2026-1 &amp; dues &lt;₹10&gt;', { parse_mode: 'HTML' });
    expect(local.message(101, sent.message_id)?.text).toBe('Case JAI1-2026-1 & dues <₹10>');
  });

  it('continues message ids after a restart from the saved counters', async () => {
    await api.sendMessage(101, 'a');
    await api.sendMessage(101, 'b');
    const again = new LocalBotApi({
      botInfo,
      isKnownChat: () => true,
      filesDir: dir,
      now: () => new Date(),
      nextMessageIds: local.messageIdState(),
    });
    const api2 = new Api('0:local', again.client);
    expect((await api2.sendMessage(101, 'c')).message_id).toBe(3);
  });
});
