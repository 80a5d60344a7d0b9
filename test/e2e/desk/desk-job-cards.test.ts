import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../jobs/deliver';
import { addAuction, createCase, seedPounds } from '../../integration/jobs/cases';
import { botSuite, type BotHarness, type TestUser } from '../../support/bot-harness';
import { ist } from '../../support/case-fixture';
import { enrolStaff } from '../../support/fixtures';

// The cards the jobs send staff about one register entry (the s. 14 report, the auction reminder, …) carry "Open in
// the desk", a web_app button to that entry's page, when PUBLIC_URL is https — in the reader's language, in a private
// chat, to enrolled staff only. The owner's messages never do; without an https PUBLIC_URL no card does.

const keeperHi: TestUser = { id: 6301, firstName: 'Suresh', languageCode: 'hi' };
const keeperEn: TestUser = { id: 6302, firstName: 'Sunil', languageCode: 'en' };
const officer: TestUser = { id: 6303, firstName: 'Vikram', languageCode: 'en' };
const OWNER = 6309;
const PUBLIC = 'https://kanji.example.test';

/** Every web_app button in the messages sent to `id`, with the message's text. */
const webApps = (h: BotHarness, id: number) =>
  h.api.sentTo(id).flatMap((m) =>
    ((m.payload.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; web_app?: { url: string } }>>)
      .flat()
      .filter((b) => b.web_app)
      .map((b) => ({ message: m.text ?? '', text: b.text, url: b.web_app!.url })),
  );

async function prepare(h: BotHarness) {
  const db = h.deps.db;
  await seedPounds(db, ist('2026-11-01 09:00'));
  await enrolStaff(db, keeperHi.id, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar');
  await enrolStaff(db, keeperEn.id, 'POUND_KEEPER', ['JAI1'], 'Sunil Verma');
  await enrolStaff(db, officer.id, 'OFFICER', ['JAI1'], 'Vikram Singh');
  for (const u of [keeperHi, keeperEn, officer])
    await db.telegramUser.update({ where: { id: BigInt(u.id) }, data: { language: u.languageCode } });
  await db.telegramUser.create({ data: { id: BigInt(OWNER), language: 'hi' } });
  // Reported under s. 14 on day 9 (the jobs' s. 14 report reaches the officer, the keepers are told).
  const reported = await createCase(db, { pound: 'JAI1', impoundedAt: ist('2026-11-20 10:00'), place: 'Kunda' });
  // An auction fixed for 2 December, the owner known: the officer and the owner are reminded the day before.
  const auction = await createCase(db, {
    pound: 'JAI1',
    impoundedAt: ist('2026-11-05 10:00'),
    place: 'Achrol',
    status: 'AUCTION_SCHEDULED',
    ownerTelegramId: BigInt(OWNER),
    reportedAt: ist('2026-11-14 10:00'),
    noticePostedAt: ist('2026-11-15 10:00'),
  });
  await addAuction(db, auction.id, ist('2026-12-02 11:00'));
  await h.drain();
  return { reported, auction };
}

describe('"Open in the desk" on the cards the jobs send staff (https PUBLIC_URL)', { timeout: 120_000 }, () => {
  let cases: Awaited<ReturnType<typeof prepare>>;
  const h = botSuite(
    { start: '2026-11-28T10:00:00+05:30', jobs: true, env: { PUBLIC_URL: `${PUBLIC}/` } },
    async (h) => {
      cases = await prepare(h);
    },
  );

  it('the s. 14 report: the officer and each keeper get the button to the entry, in their language', async () => {
    h.clock.set('2026-11-29T18:00:00+05:30');
    await h.drain();
    const entry = `${PUBLIC}/desk?entry=${cases.reported.id}`;
    const en = h.deps.translator.forLang('en');
    const hi = h.deps.translator.forLang('hi');
    for (const [u, t] of [
      [keeperEn, en],
      [keeperHi, hi],
    ] as const) {
      const buttons = webApps(h, u.id);
      expect(buttons.map((b) => [b.text, b.url])).toEqual([[t('desk:chat.open_entry'), entry]]);
      expect(buttons[0]!.message).toContain(cases.reported.number);
    }
    expect(webApps(h, keeperHi.id)[0]!.text).toBe('डेस्क में खोलें');
    // The officer's report card and the next day's reminder of the notice still to post (s. 14) carry it; the copies
    // of the notice and proclamation and the PDFs do not.
    const toOfficer = webApps(h, officer.id).filter((b) => b.url === entry);
    expect(toOfficer.map((b) => b.text)).toEqual([en('desk:chat.open_entry'), en('desk:chat.open_entry')]);
    expect(toOfficer.map((b) => b.message.split('\n')[0])).toEqual([
      `Report under s. 14 — case ${cases.reported.number}`,
      expect.stringContaining(`Reminder (s. 14): case ${cases.reported.number}`),
    ]);
    expect(h.api.sentTo(officer.id).filter((m) => m.text?.includes(cases.reported.number)).length).toBeGreaterThan(2);
  });

  it('the auction reminder: the officer gets the button, the owner never', async () => {
    h.clock.set('2026-12-01T09:00:00+05:30');
    await h.drain();
    const entry = `${PUBLIC}/desk?entry=${cases.auction.id}`;
    expect(webApps(h, officer.id).filter((b) => b.url === entry)).toHaveLength(1);
    expect(h.api.sentTo(OWNER).length).toBeGreaterThan(0);
    expect(webApps(h, OWNER)).toEqual([]);
  });

  it('never on a card to a group or to someone not on the staff, whatever the message asks', async () => {
    const card = { key: 'jobs:payment_nudge.payment', params: { number: 'X', count: 1 }, deskEntry: cases.auction.id };
    const keyboardTo = async (chatId: string) => (await renderMessage(h.deps, { ...card, chatId })).keyboard;
    expect(await keyboardTo(String(keeperEn.id))).toEqual([
      [{ text: 'Open in the desk', web_app: { url: `${PUBLIC}/desk?entry=${cases.auction.id}` } }],
    ]);
    expect(await keyboardTo('-1001234567890')).toBeUndefined();
    expect(await keyboardTo(String(OWNER))).toBeUndefined();
  });
});

describe('no "Open in the desk" without an https PUBLIC_URL', { timeout: 120_000 }, () => {
  let cases: Awaited<ReturnType<typeof prepare>>;
  const h = botSuite(
    { start: '2026-11-28T10:00:00+05:30', jobs: true, env: { PUBLIC_URL: 'http://kanji.example.test' } },
    async (h) => {
      cases = await prepare(h);
    },
  );

  it('the same s. 14 report and auction reminder reach staff with no web_app button', async () => {
    h.clock.set('2026-11-29T18:00:00+05:30');
    await h.drain();
    h.clock.set('2026-12-01T09:00:00+05:30');
    await h.drain();
    for (const id of [keeperEn.id, keeperHi.id, officer.id]) {
      expect(h.api.sentTo(id).some((m) => m.text?.includes(cases.reported.number))).toBe(true);
      expect(webApps(h, id)).toEqual([]);
    }
  });
});
