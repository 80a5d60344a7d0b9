import { describe, expect, it } from 'vitest';
import { botSuite } from '../../support/bot-harness';
import { inLanguage, lastText } from '../../support/press';

// /desk opens the staff desk from a web_app button when PUBLIC_URL is https; without it the official is told the desk
// is not set up and keeps the chat. Owners are told it is for pound staff, as for any staff command.

const keeper = { id: 6201, firstName: 'Suresh', languageCode: 'en' };
const owner = { id: 6202, firstName: 'Ramesh', languageCode: 'hi' };

describe('/desk with an https PUBLIC_URL (e2e)', () => {
  const h = botSuite({
    seededAt: 'now',
    env: { PUBLIC_URL: 'https://kanji.example.test/' },
    staff: [[keeper, 'POUND_KEEPER', ['JAI1']]],
  });

  it('gives an enrolled official a web_app button to the desk, and an owner nothing of it', async () => {
    const en = inLanguage(h, 'en');
    await h.send(keeper, '/desk');
    const sent = h.api.lastTo(keeper.id)!;
    expect(sent.text).toBe(en('desk:chat.open_text'));
    expect(sent.payload.reply_markup.inline_keyboard).toEqual([
      [{ text: en('desk:chat.open_button'), web_app: { url: 'https://kanji.example.test/desk' } }],
    ]);
    await h.send(owner, '/desk');
    const toOwner = h.api.lastTo(owner.id)!;
    expect(toOwner.text).toBe(inLanguage(h, 'hi')('common:error.not_allowed'));
    expect(toOwner.payload.reply_markup).toBeUndefined();
  });
});

describe('/desk without PUBLIC_URL (e2e)', () => {
  const h = botSuite({ seededAt: 'now', staff: [[keeper, 'POUND_KEEPER', ['JAI1']]] });

  it('tells the official the desk is not set up; the chat stays', async () => {
    await h.send(keeper, '/desk');
    expect(lastText(h, keeper)).toBe(inLanguage(h, 'en')('desk:chat.unavailable'));
    expect(h.api.lastTo(keeper.id)!.payload.reply_markup).toBeUndefined();
  });
});
