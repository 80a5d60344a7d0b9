import { Api, InputFile } from 'grammy';
import { describe, expect, it } from 'vitest';
import { FakeBotApi, type UploadedFile } from '../support/fake-bot-api';

describe('FakeBotApi', () => {
  it('keeps uploaded files byte for byte, with the text fields of the same call', async () => {
    const fake = new FakeBotApi();
    const api = new Api('1:test', fake.client);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x2d, 0x2d]);
    await api.sendPhoto(42, new InputFile(bytes, 'qr.png'), {
      caption: 'QR',
      reply_markup: { inline_keyboard: [[{ text: 'ok', callback_data: 'd' }]] },
    });
    const call = fake.calls[0]!;
    expect(call.method).toBe('sendPhoto');
    expect(call.payload.caption).toBe('QR');
    expect(call.payload.reply_markup.inline_keyboard[0][0].callback_data).toBe('d');
    const part = String(call.payload.photo).replace('attach://', '');
    const file = call.payload._files[part] as UploadedFile;
    expect(file.filename).toBe('qr.png');
    expect(file.data.equals(bytes)).toBe(true);
    expect(fake.lastTo(42)?.text).toBe('QR');
  });

  it('answers with the error it was told to give', async () => {
    const fake = new FakeBotApi();
    fake.respond((method) =>
      method === 'sendMessage'
        ? { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }
        : undefined,
    );
    const api = new Api('1:test', fake.client);
    await expect(api.sendMessage(7, 'hi')).rejects.toMatchObject({ error_code: 403 });
  });
});
