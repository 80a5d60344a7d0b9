import { afterEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/db/seed';
import { createBotHarness, type BotHarness, type TestUser } from '../../support/bot-harness';
import { t } from './owner-harness';

// A picture never costs the owner his answer. The case card goes even when its album cannot; the pound's place on the
// map (a venue, sent right after the address) is paced with the replies and a 429 on it is waited out and retried,
// so the owner never reads "something went wrong" after the address.
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const KUNDA = 'JAI1-2026-1';
const owner: TestUser = { id: 9501, firstName: 'Sunita', languageCode: 'en' };
const hindiOwner: TestUser = { id: 9502, firstName: 'रमेश', languageCode: 'hi' };

async function world(): Promise<BotHarness> {
  const w = await createBotHarness({ start: '2026-11-29T10:00:00+05:30', jobs: true });
  await seedDemo(w.deps.db, w.clock.now(), { photos: true });
  return w;
}

const accepted = (w: BotHarness, u: TestUser) => w.api.sentTo(u.id).filter((m) => m.messageId > 0);

describe('a picture never costs the owner his answer (e2e, jobs)', () => {
  it('the album fails (Telegram refuses it, then a server error): the card still comes, with a line that photos could not be shown', async () => {
    h = await world();
    const w = h;
    const photos = await w.deps.db.photo.count({ where: { case: { number: KUNDA } } });
    expect(photos).toBeGreaterThan(1);
    const albums: string[] = [];
    w.api.respond((method) => {
      if (method !== 'sendMediaGroup') return undefined;
      // By file_id: another token's file (400); then as bytes: Telegram has a bad moment (500).
      albums.push(method);
      return albums.length % 2 === 1
        ? { ok: false, error_code: 400, description: 'Bad Request: wrong file identifier/HTTP URL specified' }
        : { ok: false, error_code: 500, description: 'Internal Server Error' };
    });
    for (const u of [owner, hindiOwner]) {
      await w.send(u, KUNDA);
      const lang = u === owner ? 'en' : 'hi';
      const got = accepted(w, u);
      expect(got.map((m) => m.method)).toEqual(['sendMessage']);
      expect(got[0]!.text).toContain(KUNDA);
      expect(got[0]!.text.endsWith(`\n\n${t(w, lang, 'photos:not_shown.line')}`)).toBe(true);
      expect(got[0]!.payload.reply_markup.inline_keyboard.length).toBeGreaterThan(0);
      expect(got.map((m) => m.text)).not.toContain(t(w, lang, 'common:error.generic'));
    }
    expect(albums).toHaveLength(4);
  }, 120_000);

  it('the card as the caption of its one photo fails: the card comes as text all the same', async () => {
    h = await world();
    const w = h;
    // One group photographed: the card rides as the photo's caption.
    const c = await w.deps.db.case.findUniqueOrThrow({ where: { number: KUNDA }, include: { heads: true } });
    const first = c.heads.find((x) => x.photoId !== null)!.photoId!;
    await w.deps.db.head.updateMany({ where: { caseId: c.id }, data: { photoId: first } });
    w.api.respond((method) =>
      method === 'sendPhoto'
        ? { ok: false, error_code: 400, description: 'Bad Request: PHOTO_INVALID_DIMENSIONS' }
        : undefined,
    );
    await w.send(owner, KUNDA);
    const got = accepted(w, owner);
    expect(got.map((m) => m.method)).toEqual(['sendMessage']);
    expect(got[0]!.text).toContain(KUNDA);
    expect(got[0]!.text).toContain(t(w, 'en', 'photos:not_shown.line'));
  }, 120_000);

  it('"where is the pound": a 429 on the venue is waited out and retried; the owner gets the address and the map, no error', async () => {
    h = await world();
    const w = h;
    await w.send(owner, `/case ${KUNDA}`);
    const from = w.api.calls.length;
    const venues: Array<{ at: number; answer: number }> = [];
    w.api.respond((method) => {
      if (method !== 'sendVenue') return undefined;
      if (venues.length === 0) {
        venues.push({ at: Date.now(), answer: 429 });
        return {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        };
      }
      venues.push({ at: Date.now(), answer: 200 });
      return undefined;
    });
    await w.send(owner, 'where is the pound');
    const after = w.api.calls.slice(from).filter((c) => String(c.payload.chat_id) === String(owner.id));
    expect(after.map((c) => c.method)).toEqual(['sendMessage', 'sendVenue', 'sendVenue']);
    expect(String(after[0]!.payload.text)).toContain(
      t(w, 'en', 'intent:pound.title', { pound: 'Amer Pound', number: KUNDA }),
    );
    expect(venues.map((v) => v.answer)).toEqual([429, 200]);
    expect(venues[1]!.at - venues[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(after[2]!.payload).toMatchObject({ latitude: 26.9855, longitude: 75.8513, title: 'Amer Pound' });
    expect(accepted(w, owner).map((m) => m.text)).not.toContain(t(w, 'en', 'common:error.generic'));
  }, 120_000);

  it('"where is the pound": a venue Telegram will not take at all still leaves the owner his address, no error', async () => {
    h = await world();
    const w = h;
    await w.send(owner, `/case ${KUNDA}`);
    w.api.respond((method) =>
      method === 'sendVenue' ? { ok: false, error_code: 400, description: 'Bad Request: wrong latitude' } : undefined,
    );
    const from = accepted(w, owner).length;
    await w.send(owner, 'where is the pound');
    const got = accepted(w, owner).slice(from);
    expect(got.map((m) => m.method)).toEqual(['sendMessage']);
    expect(got[0]!.text).toContain(t(w, 'en', 'intent:pound.title', { pound: 'Amer Pound', number: KUNDA }));
  }, 120_000);
});
